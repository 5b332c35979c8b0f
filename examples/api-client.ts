/**
 * A small program using the API through types generated from its OpenAPI document
 * (`npm run api:types` writes ./api-types.d.ts from GET /api/schema's document):
 * sign in with a password, list the characters, create one, ask it, read the subjects.
 *
 *   node examples/api-client.ts http://localhost:3000 me@example.com 'my password'
 *
 * Each action is `POST /api/rpc/{Action}` with its fields; a 200 is the action's answer, a
 * refusal an HTTP error with `{Error, Errstr}` (Errstr in the language asked for).
 */
import type { components, operations } from './api-types.d.ts';

type Action = keyof operations & string;
/** An action's body: its request schema, as generated. */
type Input<A extends Action> = operations[A] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;
/** An action's 200 answer, as generated. */
type Answer<A extends Action> = operations[A] extends {
  responses: { 200: { content: { 'application/json': infer R } } };
}
  ? R
  : never;
export type Refusal = components['schemas']['Refusal'];

/** A refused call: the status, the code and the server's words for it. */
export class ApiRefusal extends Error {
  readonly status: number;
  readonly refusal: Refusal;
  constructor(action: string, status: number, refusal: Refusal) {
    super(`${action} refused (HTTP ${status}, Error ${refusal.Error}): ${refusal.Errstr}`);
    this.status = status;
    this.refusal = refusal;
  }
}

/** A typed caller of `POST /api/rpc/{Action}`, signed in once it holds a token. */
export function apiClient(baseUrl: string, lang: 'he' | 'en' = 'en') {
  let token: string | undefined;
  async function call<A extends Action>(action: A, input: Input<A>): Promise<Answer<A>> {
    const res = await fetch(new URL(`/api/rpc/${action}`, baseUrl), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-language': lang,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(input),
    });
    const body: unknown = await res.json();
    if (!res.ok) throw new ApiRefusal(action, res.status, body as Refusal);
    return body as Answer<A>;
  }
  return {
    call,
    /** A password sign-in: the answer's token signs every later call. */
    async signIn(email: string, password: string) {
      const out = await call('SendToken', { email, password, lang });
      if (!out.token) throw new Error(`SendToken answered no token for ${email}`);
      token = out.token;
      return out;
    },
  };
}

export interface ClientRun {
  fullname: string;
  characters: string[];
  created: string;
  reply: string;
  offline: boolean;
  subjects: string[];
}

/**
 * The tour: sign in, list, create `friendid` (the user needs the right to create characters),
 * ask it, read its subjects. Answers what it saw.
 */
export async function main(
  baseUrl: string,
  who: { email: string; password: string },
  friendid = `example${Date.now().toString(36)}`,
): Promise<ClientRun> {
  const api = apiClient(baseUrl);
  const me = await api.signIn(who.email, who.password);
  const { friends } = await api.call('GetFriends', { showall: 1 });
  await api.call('SetFriendDetails', {
    insert: 1,
    friendid,
    friendname: 'Ada the example',
    image: '/files/images/example.webp',
    personality: 'A patient teacher of programming who answers in short sentences.',
    firstprompt: 'Hello! What shall we write today?',
    description: 'Made by the API example client',
  });
  const answer = await api.call('AskFriend', { friendid, message: 'What is an API?' });
  const { subjects } = await api.call('GetSubjects', { friendid });
  return {
    fullname: me.fullname ?? '',
    characters: friends.map((f) => f.friendid),
    created: friendid,
    reply: answer.message,
    offline: answer.offline === 1,
    subjects,
  };
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const [baseUrl, email, password] = process.argv.slice(2);
  if (!baseUrl || !email || !password) {
    console.error('usage: node examples/api-client.ts <server address> <e-mail> <password>');
    process.exit(2);
  }
  const run = await main(baseUrl, { email, password });
  console.log(JSON.stringify(run, null, 2));
}
