import type { Answer, DirectAnswer, Envelope } from '../../../protocol/answer.ts';
import type { ActionInput, ActionName } from '../../../protocol/registry.ts';
import { isOfflineRead, OFFLINE_HEADER, saveOfflineCopy } from '../offline/offline-copy.ts';
import { NetworkError } from './errors.ts';
import { xsrfToken } from './xsrf.ts';

export type { Answer, DirectAnswer, Envelope };

function isEnvelope(v: unknown): v is Envelope {
  return typeof v === 'object' && v !== null && typeof (v as Envelope).Error === 'number';
}

/**
 * POST JSON to one of our endpoints; `T` is the success's fields. Error ≠ 0 is returned, not
 * thrown (check it before reading the fields); only a failure to talk to the server
 * (offline, proxy page, broken JSON) throws NetworkError.
 */
export async function postJson<T>(
  url: string,
  body: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<DirectAnswer<T>> {
  return (await postEnvelope(url, body, extraHeaders)) as DirectAnswer<T>;
}

async function postEnvelope(
  url: string,
  body: unknown,
  extraHeaders: Record<string, string>,
): Promise<Envelope> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'Content-Type': 'application/json',
        'X-XSRF-TOKEN': await xsrfToken(),
        ...extraHeaders,
      },
      body: JSON.stringify(body),
    });
  } catch (err) {
    throw new NetworkError(String(err));
  }
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    throw new NetworkError(`not JSON (HTTP ${res.status})`);
  }
  if (!isEnvelope(json)) throw new NetworkError(`no Error field (HTTP ${res.status})`);
  return json;
}

/**
 * POST a multipart form (file uploads) to one of our endpoints and answer the response text,
 * whatever the status: those endpoints answer plain text ('OK…' or the reason). Only a
 * failure to reach the server throws NetworkError.
 */
export async function postForm(
  url: string,
  form: FormData,
): Promise<{ status: number; text: string }> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'X-XSRF-TOKEN': await xsrfToken() },
      body: form,
    });
    return { status: res.status, text: await res.text() };
  } catch (err) {
    throw new NetworkError(String(err));
  }
}

/**
 * Calls one action of the registry. The answer is typed from the protocol as a union on
 * `Error`: its fields can be read only once `Error === 0` is checked.
 */
export async function call<A extends ActionName>(
  action: A,
  input: ActionInput<A>,
): Promise<Answer<A>> {
  if (!isOfflineRead(action))
    return (await postEnvelope('/api', { ...input, action }, {})) as Answer<A>;
  // The last conversations stay readable offline (shared/offline/offline-copy.ts).
  const answer = (await postEnvelope(
    '/api',
    { ...input, action },
    { [OFFLINE_HEADER]: '1' },
  )) as Answer<A>;
  // Offline, the answer is the copy itself: keeping it again would make it look new.
  if (answer.Error === 0 && navigator.onLine)
    void saveOfflineCopy(action, input as Record<string, unknown>, answer);
  return answer;
}
