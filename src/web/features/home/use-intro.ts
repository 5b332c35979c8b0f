import { useQuery } from '@tanstack/react-query';
import { NetworkError } from '../../shared/api/errors.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

async function fetchIntro(): Promise<string> {
  let res: Response;
  try {
    res = await fetch('/intro.txt');
  } catch (err) {
    throw new NetworkError(String(err));
  }
  if (!res.ok) throw new NetworkError(`intro ${res.status}`);
  return res.text();
}

/** The landing text, both halves (the screen picks the current language's). */
export function useIntro() {
  return useQuery({ queryKey: queryKeys.intro(), queryFn: fetchIntro, staleTime: Infinity });
}
