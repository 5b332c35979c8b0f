import { useQuery } from '@tanstack/react-query';
import { NetworkError } from './errors.ts';

export interface AppConfig {
  version: string;
  googleClientId: string | null;
  assistantHostWord: string;
}

let pending: Promise<AppConfig> | null = null;

/**
 * GET /api/config, once per page: it also sets the XSRF cookie every POST needs.
 * A failure is forgotten so the next caller tries again.
 */
export function loadConfig(): Promise<AppConfig> {
  pending ??= fetch('/api/config', { credentials: 'same-origin' })
    .then(async (res) => {
      if (!res.ok) throw new NetworkError(`config ${res.status}`);
      return (await res.json()) as AppConfig;
    })
    .catch((err: unknown) => {
      pending = null;
      throw err instanceof NetworkError ? err : new NetworkError(String(err));
    });
  return pending;
}

export const configQueryKey = ['config'] as const;

export function useAppConfig() {
  return useQuery({ queryKey: configQueryKey, queryFn: loadConfig, staleTime: Infinity });
}
