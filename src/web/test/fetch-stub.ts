import { vi } from 'vitest';
import type { PublicConfig } from '../../protocol/public-config.ts';

export const TEST_CONFIG: PublicConfig = {
  version: '9.9.9-test',
  googleClientId: null,
  assistantHostWord: 'assistant',
  voiceInput: true,
  uploads: { fileMaxBytes: 20 * 1024 * 1024, imageMaxBytes: 10 * 1024 * 1024 },
};

/**
 * Answers the browser's GETs (config, intro.txt) from `files`; anything else is a network
 * failure. POSTs to /api are mocked separately through `call`.
 */
export function stubFetch(files: Record<string, unknown> = {}) {
  const table: Record<string, unknown> = { '/api/config': TEST_CONFIG, ...files };
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url =
      typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    if (!(url in table)) throw new TypeError('Failed to fetch');
    const body = table[url];
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
