import { GlobalPriv } from '../../../protocol/constants.ts';
import { useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../api/call-or-throw.ts';
import { useStored } from '../storage/use-stored.ts';
import { queryKeys } from '../api/query-keys.ts';

/** Whether the signed-in user has the global privilege (GetGlobalPriv). */
export function useGlobalPriv(enabled = true) {
  const email = useStored('email');
  return useQuery({
    queryKey: queryKeys.globalPriv(email),
    enabled: enabled && !!email,
    staleTime: 5 * 60_000,
    queryFn: async () => (await callOrThrow('GetGlobalPriv', {})).priv === GlobalPriv.granted,
  });
}
