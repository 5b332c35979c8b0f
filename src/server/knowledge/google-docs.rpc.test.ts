import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/errors.ts';
import { googleTokens, knowledge } from '../db/schema.ts';
import {
  createTestApp,
  rpc,
  testDatabases,
  userWithSession,
  type TestApp,
} from '../test/harness.ts';
import { usersRepo } from '../users/users.repo.ts';
import { knowledgeOn } from '../test/services.ts';

const PRIVATE_DOC = '1PrivateDocAbcdefghijklmnopqrstuvwxyz0123';
const PUBLIC_DOC = '1PublicDocAbcdefghijklmnopqrstuvwxyz01234';

/** Google's OAuth, Docs API and export endpoints, faked on 127.0.0.1 (tests never go out). */
function fakeGoogle() {
  const seen: { tokenGrants: string[]; docsAuth: string[] } = { tokenGrants: [], docsAuth: [] };
  const body = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let s = '';
      req.on('data', (c) => (s += c));
      req.on('end', () => resolve(s));
    });
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const json = (status: number, data: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(data));
    };
    if (req.method === 'POST' && url.pathname === '/token') {
      const form = new URLSearchParams(await body(req));
      seen.tokenGrants.push(form.get('grant_type') ?? '');
      if (form.get('client_secret') !== 'test-secret')
        return json(401, { error: 'invalid_client' });
      if (form.get('grant_type') === 'authorization_code' && form.get('code') === 'good-code') {
        return json(200, {
          access_token: 'at-1',
          refresh_token: 'rt-1',
          expires_in: 3600,
          token_type: 'Bearer',
          scope: 'https://www.googleapis.com/auth/documents.readonly',
        });
      }
      if (form.get('grant_type') === 'refresh_token' && form.get('refresh_token') === 'rt-1') {
        return json(200, { access_token: 'at-2', expires_in: 3600, token_type: 'Bearer' });
      }
      return json(400, { error: 'invalid_grant' });
    }
    const doc = /^\/v1\/documents\/([\w-]+)$/.exec(url.pathname);
    if (req.method === 'GET' && doc) {
      const auth = req.headers.authorization ?? '';
      seen.docsAuth.push(auth);
      if (auth !== 'Bearer at-1' && auth !== 'Bearer at-2')
        return json(401, { error: 'unauthenticated' });
      if (doc[1] !== PRIVATE_DOC) return json(404, { error: 'not found' });
      return json(200, {
        title: 'יומן המסע',
        body: {
          content: [
            { paragraph: { elements: [{ textRun: { content: 'יומן המסע של הספינה\n' } }] } },
            {
              paragraph: {
                elements: [
                  { textRun: { content: 'The quartermaster hid the rum in barrel nine.\n' } },
                ],
              },
            },
            {
              table: {
                tableRows: [
                  {
                    tableCells: [
                      {
                        content: [{ paragraph: { elements: [{ textRun: { content: 'Port' } }] } }],
                      },
                      {
                        content: [
                          { paragraph: { elements: [{ textRun: { content: 'Valparaiso' } }] } },
                        ],
                      },
                    ],
                  },
                ],
              },
            },
          ],
        },
      });
    }
    const exp = /^\/document\/d\/([\w-]+)\/export$/.exec(url.pathname);
    if (req.method === 'GET' && exp && url.searchParams.get('format') === 'txt') {
      if (exp[1] === PUBLIC_DOC) {
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        return res.end(
          '\uFEFFThe Public Almanac\r\n\r\nThe tide tables say high water at Gullhaven is at noon.',
        );
      }
      res.writeHead(302, { location: 'https://accounts.google.com/ServiceLogin' });
      return res.end();
    }
    res.writeHead(404);
    res.end();
  });
  return { server, seen };
}

// One database (PostgreSQL when configured, else PGlite): this file tests a provider's
// protocol; its statements are the domain's, which its other rpc tests run on both
// (docs/decisions.md, "Provider tests run on one database").
describe.each(testDatabases().slice(-1))('Google Docs import on %s', (kind) => {
  let google: ReturnType<typeof fakeGoogle>;
  let base: string;
  let t: TestApp;
  let plain: TestApp;
  let owner: string;
  let viewer: string;
  let plainOwner: string;

  const docs = (app: TestApp, token: string | undefined, body: Record<string, unknown>) =>
    app.app.inject({
      method: 'POST',
      url: '/api/google-docs',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: body,
    });
  const makeFriend = async (app: TestApp, token: string) => {
    const r = await rpc(
      app.app,
      {
        action: 'SetFriendDetails',
        insert: 1,
        friendid: 'sailor',
        friendname: 'Sailor',
        image: '/friends/holmes.svg',
        personality: 'Salty.',
        firstprompt: 'Ahoy',
      },
      { bearer: token },
    );
    expect(r.body.Error).toBe(0);
  };

  beforeAll(async () => {
    google = fakeGoogle();
    await new Promise<void>((r) => google.server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(google.server.address() as AddressInfo).port}`;
    const endpoints = {
      GOOGLE_OAUTH_AUTH_URL: `${base}/o/oauth2/v2/auth`,
      GOOGLE_OAUTH_TOKEN_URL: `${base}/token`,
      GOOGLE_DOCS_API_URL: base,
      GOOGLE_DOCS_EXPORT_URL: base,
    };
    t = await createTestApp(kind, {
      env: {
        ...endpoints,
        GOOGLE_OAUTH_CLIENT_ID: 'test-client.apps.googleusercontent.com',
        GOOGLE_OAUTH_CLIENT_SECRET: 'test-secret',
        PUBLIC_URL: 'https://sefer.example',
      },
    });
    plain = await createTestApp('pglite', { env: endpoints });
    owner = await userWithSession(t, 'owner@example.com', { grant: 'canadd' });
    viewer = await userWithSession(t, 'viewer@example.com');
    plainOwner = await userWithSession(plain, 'owner@example.com', { grant: 'canadd' });
    await makeFriend(t, owner);
    await makeFriend(plain, plainOwner);
    await rpc(
      t.app,
      { action: 'AddEmailToFriend', friendid: 'sailor', user: 'viewer@example.com' },
      { bearer: owner },
    );
  });
  afterAll(async () => {
    await t.close();
    await plain.close();
    google.server.close();
  });

  it('the OAuth flow: auth URL, consent, callback, authorized', async () => {
    expect((await docs(t, owner, { action: 'check_auth' })).json()).toEqual({
      Error: 0,
      authorized: 0,
      configured: 1,
    });
    const r = await docs(t, owner, { action: 'create_auth_url' });
    expect(r.json().Error).toBe(0);
    const auth = new URL(r.json().auth_url);
    expect(`${auth.origin}${auth.pathname}`).toBe(`${base}/o/oauth2/v2/auth`);
    expect(auth.searchParams.get('client_id')).toBe('test-client.apps.googleusercontent.com');
    expect(auth.searchParams.get('redirect_uri')).toBe(
      'https://sefer.example/api/google-docs/callback',
    );
    expect(auth.searchParams.get('scope')).toBe(
      'https://www.googleapis.com/auth/documents.readonly',
    );
    expect(auth.searchParams.get('access_type')).toBe('offline');
    const state = auth.searchParams.get('state')!;
    expect(state.length).toBeGreaterThan(30);

    // The user consents at Google, which redirects the browser to our callback.
    const wrong = await t.app.inject({
      method: 'GET',
      url: `/api/google-docs/callback?code=good-code&state=forged`,
    });
    expect(wrong.statusCode).toBe(400);
    const denied = await t.app.inject({
      method: 'GET',
      url: `/api/google-docs/callback?error=access_denied&state=${state}`,
    });
    expect(denied.statusCode).toBe(400);
    const back = await t.app.inject({
      method: 'GET',
      url: `/api/google-docs/callback?code=good-code&state=${encodeURIComponent(state)}`,
      headers: { 'accept-language': 'en' },
    });
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toContain('text/html');
    expect(back.body).toContain('Your Google account is connected');
    // The page's one inline script runs under its own CSP, allowed by its hash only.
    const inline = /<script>(.*?)<\/script>/.exec(back.body)![1]!;
    const hash = createHash('sha256').update(inline).digest('base64');
    expect(back.headers['content-security-policy']).toContain(`script-src 'sha256-${hash}'`);
    const replay = await t.app.inject({
      method: 'GET',
      url: `/api/google-docs/callback?code=good-code&state=${encodeURIComponent(state)}`,
    });
    expect(replay.statusCode).toBe(400);
    expect((await docs(t, owner, { action: 'check_auth' })).json()).toEqual({
      Error: 0,
      authorized: 1,
      configured: 1,
    });
    expect((await docs(t, viewer, { action: 'check_auth' })).json().authorized).toBe(0);
  });

  it('read_doc imports a private document with the user’s token into knowledge', async () => {
    const r = await docs(t, owner, {
      action: 'read_doc',
      friend: 'sailor',
      subject: '',
      doc_url: `https://docs.google.com/document/d/${PRIVATE_DOC}/edit?usp=sharing`,
      lang: 'he',
    });
    expect(r.json()).toMatchObject({
      Error: 0,
      subject: 'יומן המסע',
      message: 'המסמך נקרא בהצלחה',
    });
    expect(google.seen.docsAuth.at(-1)).toBe('Bearer at-1');
    const num = r.json().num as number;
    const read = await rpc(
      t.app,
      { action: 'GetSetKnowledge', friendid: 'sailor', num },
      { bearer: owner },
    );
    expect(read.body.contents).toContain('The quartermaster hid the rum in barrel nine.');
    expect(read.body.contents).toContain('Valparaiso');
    const found = await knowledgeOn(t.deps).retrieve('sailor', 'where is the rum hidden?', 3);
    expect(found[0]?.text).toContain('barrel nine');

    // The same subject again replaces it; an expired token is refreshed and kept.
    const me = await usersRepo(t.deps.db).byEmail('owner@example.com');
    await t.deps.db
      .update(googleTokens)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(googleTokens.userId, me!.id));
    const again = await docs(t, owner, {
      action: 'read_doc',
      friend: 'sailor',
      subject: 'יומן המסע',
      doc_url: PRIVATE_DOC,
      lang: 'en',
    });
    expect(again.json()).toMatchObject({
      Error: 0,
      num,
      message: 'The document was read successfully',
    });
    expect(google.seen.tokenGrants).toContain('refresh_token');
    expect(google.seen.docsAuth.at(-1)).toBe('Bearer at-2');
    const [saved] = await t.deps.db
      .select()
      .from(googleTokens)
      .where(eq(googleTokens.userId, me!.id));
    expect(saved).toMatchObject({ accessToken: 'at-2', refreshToken: 'rt-1' });
    expect(
      (await t.deps.db.select().from(knowledge)).filter((k) => k.subject === 'יומן המסע'),
    ).toHaveLength(1);
  });

  it('a public link is imported without OAuth; a private one is refused with a hint', async () => {
    const pub = await docs(plain, plainOwner, {
      action: 'read_doc',
      friend: 'sailor',
      subject: 'Almanac',
      doc_url: `https://docs.google.com/document/d/${PUBLIC_DOC}/view`,
      lang: 'en',
    });
    expect(pub.json()).toMatchObject({ Error: 0, subject: 'Almanac' });
    const found = await knowledgeOn(plain.deps).retrieve('sailor', 'high water at Gullhaven', 3);
    expect(found[0]?.text).toContain('high water at Gullhaven is at noon');
    const priv = await docs(plain, plainOwner, {
      action: 'read_doc',
      friend: 'sailor',
      doc_url: PRIVATE_DOC,
      lang: 'en',
    });
    expect(priv.json()).toMatchObject({ Error: ErrorCode.NOT_FOUND });
    expect(priv.json().Errstr).toMatch(/^Error reading the document/);
  });

  it('without OAuth configured, create_auth_url says so in plain words (no server variables)', async () => {
    const r = await docs(plain, plainOwner, { action: 'create_auth_url', lang: 'en' });
    expect(r.json().Error).toBe(ErrorCode.NOT_CONFIGURED);
    expect(r.json().Errstr).toMatch(/administrator has not connected Google/);
    expect(r.json().Errstr).toMatch(/public document/);
    const he = await docs(plain, plainOwner, { action: 'create_auth_url', lang: 'he' });
    expect(he.json().Errstr).toMatch(/מנהל האתר/);
    for (const errstr of [r.json().Errstr, he.json().Errstr])
      expect(errstr).not.toMatch(/GOOGLE_|OAuth|[A-Z]{2,}_[A-Z]/);
    expect(r.json().auth_url).toBeUndefined();
    expect((await docs(plain, plainOwner, { action: 'check_auth' })).json()).toEqual({
      Error: 0,
      authorized: 0,
      configured: 0,
    });
  });

  it('bad links, strangers, viewers and bad requests are refused', async () => {
    const short = await docs(t, owner, {
      action: 'read_doc',
      friend: 'sailor',
      doc_url: 'docs/d/1',
      lang: 'he',
    });
    expect(short.json()).toEqual({
      Error: ErrorCode.BAD_INPUT,
      Errstr: 'נא להדביק קישור תקין ל-Google Docs',
    });
    const notDoc = await docs(t, owner, {
      action: 'read_doc',
      friend: 'sailor',
      doc_url: 'https://example.com/hello',
      lang: 'en',
    });
    expect(notDoc.json().Errstr).toBe('Please paste a valid Google Docs link');
    const asViewer = await docs(t, viewer, {
      action: 'read_doc',
      friend: 'sailor',
      doc_url: PUBLIC_DOC,
    });
    expect(asViewer.json().Error).toBe(ErrorCode.FORBIDDEN);
    const anon = await docs(t, undefined, { action: 'check_auth' });
    expect(anon.statusCode).toBe(401);
    const other = await docs(t, viewer, { action: 'check_auth', email: 'owner@example.com' });
    expect(other.json().Error).toBe(ErrorCode.IDENTITY_MISMATCH);
    expect((await docs(t, owner, { action: 'drop_everything' })).json().Error).toBe(
      ErrorCode.UNKNOWN_ACTION,
    );
    expect((await docs(t, owner, { action: 'read_doc', friend: 'sailor' })).json().Error).toBe(
      ErrorCode.BAD_INPUT,
    );
    const csrf = await t.app.inject({
      method: 'POST',
      url: '/api/google-docs',
      cookies: { sid: owner },
      payload: { action: 'check_auth' },
    });
    expect(csrf.statusCode).toBe(403);
  });

  it('Google out of reach: a communication error, not a crash', async () => {
    const down = await createTestApp(kind, {
      env: { GOOGLE_DOCS_EXPORT_URL: 'http://127.0.0.1:1' },
    });
    try {
      const tok = await userWithSession(down, 'owner@example.com', { grant: 'canadd' });
      await makeFriend(down, tok);
      const r = await docs(down, tok, {
        action: 'read_doc',
        friend: 'sailor',
        doc_url: PUBLIC_DOC,
        lang: 'en',
      });
      expect(r.statusCode).toBe(502);
      expect(r.json()).toEqual({
        Error: ErrorCode.UPSTREAM,
        Errstr: 'Communication error reading Google Docs',
      });
    } finally {
      await down.close();
    }
  });
});
