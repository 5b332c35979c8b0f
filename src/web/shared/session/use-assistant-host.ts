import { useAppConfig } from '../api/config.ts';
import { isAssistantHost } from './session.ts';

/**
 * Whether this page runs the assistant variant (host name contains the configured word).
 * `undefined` while the configuration is loading; false if it cannot be loaded.
 */
export function useAssistantHost(): boolean | undefined {
  const config = useAppConfig();
  if (config.isPending) return undefined;
  return isAssistantHost(window.location.hostname, config.data?.assistantHostWord);
}
