import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, postForm } from './client.ts';
import { NetworkError } from './errors.ts';

function stub(impl: (url: string, init?: RequestInit) => Promise<Response>) {
  const fn = vi.fn(impl);
  vi.stubGlobal('fetch', fn);
  return fn;
}

describe('call', () => {
  afterEach(() => {
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('POSTs {action, ...input} with the XSRF header copied from the cookie', async () => {
    document.cookie = 'XSRF-TOKEN=abc123; path=/';
    const fetch = stub(async () => new Response(JSON.stringify({ Error: 0, categories: [] })));
    const answer = await call('GetCategories', { lang: 'he' });
    expect(answer).toEqual({ Error: 0, categories: [] });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect((init?.headers as Record<string, string>)['X-XSRF-TOKEN']).toBe('abc123');
    expect(JSON.parse(String(init?.body))).toEqual({ action: 'GetCategories', lang: 'he' });
  });

  it('returns refusals instead of throwing (4xx carries the same JSON)', async () => {
    document.cookie = 'XSRF-TOKEN=abc; path=/';
    stub(
      async () =>
        new Response(JSON.stringify({ Error: 11, Errstr: 'Wrong password' }), { status: 401 }),
    );
    const answer = await call('SendToken', { email: 'a@b.c', password: 'x', lang: 'en' });
    expect(answer).toEqual({ Error: 11, Errstr: 'Wrong password' });
  });

  it('throws NetworkError when the server cannot be reached', async () => {
    document.cookie = 'XSRF-TOKEN=abc; path=/';
    stub(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(call('GetLangFromIP', {})).rejects.toBeInstanceOf(NetworkError);
  });

  it('throws NetworkError for an answer that is not ours (proxy error page)', async () => {
    document.cookie = 'XSRF-TOKEN=abc; path=/';
    stub(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(call('GetLangFromIP', {})).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('XSRF cookie', () => {
  it('without the cookie, first GETs /api/config (which sets it), then POSTs with it', async () => {
    const fetch = stub(async (url) => {
      if (url === '/api/config') {
        document.cookie = 'XSRF-TOKEN=fresh; path=/';
        return new Response(
          JSON.stringify({ version: '1', googleClientId: null, assistantHostWord: 'assistant' }),
        );
      }
      return new Response(JSON.stringify({ Error: 0, lang: null, currencycode: null }));
    });
    await call('GetLangFromIP', {});
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/config', '/api']);
    expect((fetch.mock.calls[1]?.[1]?.headers as Record<string, string>)['X-XSRF-TOKEN']).toBe(
      'fresh',
    );
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });
});

describe('postForm', () => {
  it('POSTs the multipart form with the XSRF header and answers the text, whatever the status', async () => {
    document.cookie = 'XSRF-TOKEN=form123; path=/';
    const fetch = stub(async () => new Response('Too large', { status: 413 }));
    const form = new FormData();
    form.append('friend', 'holmes');
    const answer = await postForm('/api/upload', form);
    expect(answer).toEqual({ status: 413, text: 'Too large' });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/upload');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(form);
    // No Content-Type: the browser writes the multipart boundary itself.
    expect(init?.headers).toEqual({ 'X-XSRF-TOKEN': 'form123' });
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('throws NetworkError when the server cannot be reached', async () => {
    document.cookie = 'XSRF-TOKEN=abc; path=/';
    stub(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(postForm('/api/upload', new FormData())).rejects.toBeInstanceOf(NetworkError);
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });
});
