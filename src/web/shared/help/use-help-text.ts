import { useQuery } from '@tanstack/react-query';
import { NetworkError } from '../api/errors.ts';
import { parseHelp } from './help.ts';
import { queryKeys } from '../api/query-keys.ts';

async function fetchHelp() {
  let res: Response;
  try {
    res = await fetch('/help.txt');
  } catch (err) {
    throw new NetworkError(String(err));
  }
  if (!res.ok) throw new NetworkError(`help ${res.status}`);
  return parseHelp(await res.text());
}

/** GET /help.txt once, parsed (spec part 1 §7 'Direct calls'). */
export function useHelpText(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.help(),
    queryFn: fetchHelp,
    enabled,
    staleTime: Infinity,
  });
}
