import { useQuery } from '@tanstack/react-query';
import { DirectPaths } from '../../../protocol/paths.ts';
import type { PublicConfig } from '../../../protocol/public-config.ts';
import { NetworkError } from './errors.ts';
import { queryKeys } from './query-keys.ts';

export type AppConfig = PublicConfig;

let pending: Promise<AppConfig> | null = null;

/**
 * GET /api/config, once per page: it also sets the XSRF cookie every POST needs.
 * A failure is forgotten so the next caller tries again.
 */
export function loadConfig(): Promise<AppConfig> {
  pending ??= fetch(DirectPaths.config, { credentials: 'same-origin' })
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

/**
 * The config, shared by every screen. A failed load (offline, with no copy in the service
 * worker) is not tried again by each component that mounts later: that would make it pending
 * again, and the guards that wait for it would unmount the screen that mounted it, in a loop.
 * It is tried again when the browser is back online.
 */
/** For tests: forget the loaded config, so the next load fetches again. */
export function forgetLoadedConfig(): void {
  pending = null;
}

export function useAppConfig() {
  return useQuery({
    queryKey: queryKeys.config(),
    queryFn: loadConfig,
    staleTime: Infinity,
    retryOnMount: false,
  });
}

/**
 * The server's upload limits, to refuse a too-large file before sending it. Null until the
 * config has arrived: the server checks again, so nothing is let through meanwhile.
 */
export function useUploadLimits() {
  return useAppConfig().data?.uploads ?? null;
}

/** Bytes as megabytes for a message ("at most 20 MB"), at most one decimal. */
export const toMb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
