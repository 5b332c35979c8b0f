import { useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../api/call-or-throw.ts';
import { useStored } from '../storage/use-stored.ts';
import { queryKeys } from '../api/query-keys.ts';

/** What the user may create: characters (canadd) and images (imgedit). */
export function useAllowAdd() {
  const email = useStored('email');
  return useQuery({
    queryKey: queryKeys.allowAdd(email),
    staleTime: 5 * 60_000,
    queryFn: async () => {
      const a = await callOrThrow('AllowAdd', {});
      return { canadd: a.canadd === 1, imgedit: a.imgedit === 1 };
    },
  });
}
