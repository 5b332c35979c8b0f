import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorCode } from '../../protocol/errors.ts';
import {
  actionNames,
  actions,
  type ActionInput,
  type ActionName,
} from '../../protocol/registry.ts';
import { UserType } from '../../protocol/constants.ts';
import { rpcPath } from '../../protocol/paths.ts';
import {
  createTestApp,
  rpc,
  rpcAt,
  testDatabases,
  userWithSession,
  type TestApp,
} from '../test/harness.ts';
import { seedVictim, snapshot as takeSnapshot } from './security-fixture.ts';

/** The input's top-level integer fields, read from its JSON Schema (zod's public API). */
function integerFields(input: z.ZodType): string[] {
  const json = z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, { type?: string }>;
  };
  return Object.entries(json.properties ?? {})
    .filter(([, p]) => p.type === 'integer')
    .map(([k]) => k);
}

/**
 * Generated from the registry: every action, called anonymously, as a stranger, and with
 * malformed input (wrong types, huge strings, a NUL), must refuse cleanly (no 5xx) and change
 * nothing.
 * A valid sample per action is required by the type: a new action cannot skip these tests.
 */
const samples: { [A in ActionName]: ActionInput<A> } = {
  SendToken: { email: 'victim@example.com', sendlink: 0 },
  CheckToken: { token: 'some-token-value' },
  RegisterFullname: { email: 'victim@example.com', fullname: 'Victim' },
  SignOut: {},
  CreateMainLink: { email: 'victim@example.com' },
  SignOutEverywhere: { email: 'victim@example.com' },
  CheckEmail: { email: 'victim@example.com' },
  GetSetUserData: { email: 'victim@example.com', notes: 'overwritten' },
  AllowAdd: { email: 'victim@example.com' },
  GetGlobalPriv: { email: 'victim@example.com' },
  ChkImgPermission: { email: 'victim@example.com' },
  GetLangFromIP: {},
  GetCategories: { lang: 'he' },
  GetFriends: { email: 'victim@example.com', showall: 1 },
  GetFriendDetails: { email: 'victim@example.com', friendid: 'victimsecret' },
  GetHeliconAssistants: {},
  ModelsList: { email: 'victim@example.com' },
  UniqueFriendId: { friendid: 'victimsecret' },
  FriendExists: { email: 'victim@example.com', friendid: 'victimsecret' },
  SetFriendDetails: {
    email: 'victim@example.com',
    friendid: 'victimsecret',
    friendname: 'Taken over',
    image: '/files/images/x.webp',
    personality: 'evil',
    firstprompt: 'hi',
  },
  UpdateFriendDetails: {
    email: 'victim@example.com',
    friendid: 'victimsecret',
    subject: 'personality',
    contents: 'evil',
  },
  DeleteFriend: { email: 'victim@example.com', friendid: 'victimsecret' },
  CheckEditPriv: { email: 'victim@example.com', friendid: 'victimsecret' },
  GetFriendEmails: { email: 'victim@example.com', friendid: 'victimsecret' },
  AddEmailToFriend: {
    email: 'victim@example.com',
    user: 'stranger@example.com',
    friendid: 'victimsecret',
    editpriv: 1,
  },
  DeleteEmail: { email: 'victim@example.com', friendid: 'victimsecret', user: 'pal@example.com' },
  GetEmailComplete: { email: 'vic' },
  GetFiles: { email: 'victim@example.com', friend: 'victimsecret' },
  DelFile: { email: 'victim@example.com', friendid: 'victimsecret', num: 1 },
  UpdateTitle: { email: 'victim@example.com', friendid: 'victimsecret', num: 1, title: 'x' },
  UpdateFileSubject: {
    email: 'victim@example.com',
    friendid: 'victimsecret',
    num: 1,
    subject: 'x',
  },
  GetFileTitle: { email: 'victim@example.com', friendid: 'victimsecret', num: 1 },
  MoveFileToTop: { email: 'victim@example.com', friendid: 'victimsecret', num: 1 },
  GetKnowlegeSubjects: { email: 'victim@example.com', friendid: 'victimsecret' },
  DelKnowledgeManual: { email: 'victim@example.com', friendid: 'victimsecret', num: 1 },
  GetSetKnowledge: { email: 'victim@example.com', friendid: 'victimsecret', num: 1 },
  GetAllImages: { email: 'victim@example.com' },
  GetImage: { email: 'victim@example.com', num: 1 },
  GenerateImage: { email: 'victim@example.com', num: 1 },
  RecreateImage: { email: 'victim@example.com', prompt: 'a lighthouse', img: 'g_victim.png' },
  DeleteImage: { email: 'victim@example.com', num: 1 },
  AskGraphicalDesigner: { email: 'victim@example.com', message: 'draw a lighthouse' },
  CopyGeneratedImage: { email: 'victim@example.com', img: 'g_victim.png' },
  DeleteImageFromServer: { email: 'victim@example.com', img: 'g_victim.png' },
  AskFriend: { email: 'victim@example.com', friendid: 'victimsecret', message: 'hello' },
  FollowReply: { email: 'victim@example.com', replyid: 1 },
  RetryReply: { email: 'victim@example.com', replyid: 1 },
  StopReply: { email: 'victim@example.com', replyid: 1 },
  RegenerateReply: { email: 'victim@example.com', replyid: 1 },
  ChooseVariant: { email: 'victim@example.com', replyid: 1 },
  EditMessage: { email: 'victim@example.com', id: 1, message: 'changed' },
  RetrieveConversation: { email: 'victim@example.com', friendid: 'victimsecret' },
  ResetConversation: { email: 'victim@example.com', friendid: 'victimsecret' },
  RewindConversation: { email: 'victim@example.com', friendid: 'victimsecret', id: 1 },
  GetSubjects: { email: 'victim@example.com', friendid: 'victimsecret' },
  ForkSubject: {
    email: 'victim@example.com',
    friendid: 'victimsecret',
    subject: 'a',
    newsubject: 'b',
  },
  DelSubject: { email: 'victim@example.com', friendid: 'victimsecret', subject: 'a' },
  UpdateSubject: { email: 'victim@example.com', friendid: 'victimsecret', newsubject: 'b' },
  AnalyzeConversationSubject: { email: 'victim@example.com', friendid: 'victimsecret' },
  GetSetMemory: { email: 'victim@example.com', friendid: 'victimsecret', memory: 'x', set: 1 },
  GetMemoryFacts: { email: 'victim@example.com', friendid: 'victimsecret' },
  SetMemoryFact: { email: 'victim@example.com', friendid: 'victimsecret', id: 1, text: 'x' },
  DelMemoryFact: { email: 'victim@example.com', friendid: 'victimsecret', id: 1 },
  GetSetSelf: { email: 'victim@example.com', notes: 'overwritten' },
  GetCanvas: { user: 'victim@example.com', friendid: 'victimsecret' },
  UpdateCanvas: { user: 'victim@example.com', friendid: 'victimsecret', contents: 'overwritten' },
  SearchConversations: { email: 'victim@example.com', friendid: 'victimsecret', q: 'secret' },
  MultiChatAsk: { email: 'victim@example.com', friends: 'victimsecret,holmesen', message: 'hi' },
  FollowMultiChat: { email: 'victim@example.com' },
  RetrieveMultiConversaion: { email: 'victim@example.com' },
  ResetMultiConversation: { email: 'victim@example.com', friends: 'victimsecret' },
  RewindMultiConversation: { email: 'victim@example.com', id: 1 },
  RetryMultiChatAnswer: { email: 'victim@example.com', replyid: 2 },
  GetAllChatEmails: { email: 'vic' },
  GetFriendsChatsForEmail: { email: 'victim@example.com' },
  GetChatHistory: { user: 'victim@example.com', friendid: 'victimsecret' },
  friendstat: { email: 'victim@example.com', friendid: 'victimsecret' },
  AnalyzeFriendStats: { email: 'victim@example.com', friendid: 'victimsecret' },
  OrderHistory: { email: 'victim@example.com' },
  GetSubscriptionStatus: { email: 'victim@example.com' },
  GetSubscriptionTypes: {},
  CancelSubscription: { email: 'victim@example.com' },
  BillingPortal: { email: 'victim@example.com' },
  UpdateFCMToken: {
    email: 'victim@example.com',
    udid: 'victim-phone-1',
    token: JSON.stringify({
      endpoint: 'https://fcm.googleapis.com/fcm/send/attacker',
      keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
    }),
  },
  GetSetPushSettings: { email: 'victim@example.com', turn: 0, image: 1 },
  TrackPageView: { path: '/main', visitor: 'visitor-1234' },
  GetSetAnalyticsOptOut: { email: 'victim@example.com', optout: 1 },
  GetUsageStats: { days: 7 },
  GetSetCitations: { email: 'victim@example.com', friendid: 'victimsecret', citations: 0 },
  GetSetHorizon: { email: 'victim@example.com', friendid: 'victimsecret', chapter: 3 },
  GetSetFileChapters: {
    email: 'victim@example.com',
    friendid: 'victimsecret',
    num: 1,
    chapters: [{ n: 1, line: 'diary' }],
  },
  FindBookCharacters: { email: 'victim@example.com', friend: 'victimsecret', num: 1, start: 1 },
  DraftCharacterFromBook: {
    email: 'victim@example.com',
    friend: 'victimsecret',
    num: 1,
    name: 'Victim',
  },
  GetCharacterDraft: { email: 'victim@example.com', job: 1 },
  CancelBookJob: { email: 'victim@example.com', job: 1 },
};

/**
 * Actions whose sample points at the victim's data (their private character, file 1,
 * knowledge subject 1, image 1). A stranger who leaves the e-mail out, so that the identity
 * check passes, must still be refused by the service and change nothing.
 */
const targetsVictim: ActionName[] = [
  'GetFriendDetails',
  'SetFriendDetails',
  'UpdateFriendDetails',
  'DeleteFriend',
  'CheckEditPriv',
  'GetFriendEmails',
  'AddEmailToFriend',
  'DeleteEmail',
  'GetFiles',
  'DelFile',
  'UpdateTitle',
  'UpdateFileSubject',
  'GetFileTitle',
  'MoveFileToTop',
  'GetKnowlegeSubjects',
  'DelKnowledgeManual',
  'GetSetKnowledge',
  'GetImage',
  'GenerateImage',
  'DeleteImage',
  'CopyGeneratedImage',
  'DeleteImageFromServer',
  'MultiChatAsk',
  'ResetMultiConversation',
  'RetryMultiChatAnswer',
  'friendstat',
  'AnalyzeFriendStats',
  'GetSetCitations',
  'GetSetHorizon',
  'GetSetFileChapters',
  'FindBookCharacters',
  'DraftCharacterFromBook',
  'GetCharacterDraft',
  'CancelBookJob',
];

/**
 * One database: PostgreSQL when one is configured (CI), else the embedded PGlite. The refusals
 * are decided before any SQL runs and every domain's rpc tests run on both databases, so a
 * second pass over the whole registry bought CI minutes, not safety (docs/decisions.md).
 */
describe.each(testDatabases().slice(-1))('registry-generated refusals on %s', (kind) => {
  let t: TestApp;
  let stranger: string;
  /** An admin (usertype 0): admin-level actions get their malformed input from one. */
  let operator: string;

  const snapshot = () => takeSnapshot(t);
  /**
   * The state the last check left, when the test before ended on one: it is this test's
   * "before" (the same state), which halves the snapshots. Any other test (one that changes
   * or does not check the state, or failed) makes the next test take its own.
   */
  let checked: string | undefined;
  let endedOnCheck = false;
  beforeEach(() => {
    if (!endedOnCheck) checked = undefined;
    endedOnCheck = false;
  });

  /**
   * `body` to POST /api, or (`at`) its fields to POST /api/rpc/{at}, where a refusal is an
   * HTTP error (its status from the code: rpcStatusOf).
   */
  async function expectRefusedUnchanged(
    body: unknown,
    opts: Parameters<typeof rpc>[2] = {},
    code?: number,
    at?: ActionName,
  ) {
    endedOnCheck = false;
    const before = checked ?? (await snapshot());
    checked = undefined;
    const r = at ? await rpcAt(t.app, at, body, opts) : await rpc(t.app, body, opts);
    if (at) expect(r.status, JSON.stringify(r.body)).toBeGreaterThanOrEqual(400);
    expect(r.status, JSON.stringify(r.body)).toBeLessThan(500);
    expect(r.body.Error).not.toBe(ErrorCode.OK);
    expect(r.body.Error).not.toBe(ErrorCode.INTERNAL);
    expect(typeof r.body.Errstr).toBe('string');
    expect(r.body.Errstr!.length).toBeGreaterThan(0);
    if (code !== undefined) expect(r.body.Error).toBe(code);
    expect(r.cookies.sid ?? '').toBe('');
    expect(await snapshot()).toBe(before);
    checked = before;
    endedOnCheck = true;
    return r;
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ stranger } = await seedVictim(t));
    operator = await userWithSession(t, 'operator@example.com', { usertype: UserType.admin });
    // Sign-ins are counted (analytics) after the step: done before any snapshot.
    await t.deps.domain.settled();
  });
  afterAll(() => t.close());

  it('the samples cover the registry exactly', () => {
    expect(Object.keys(samples).sort()).toEqual([...actionNames].sort());
  });

  it('the snapshot sees a changed row, and the same rows again', async () => {
    const before = await snapshot();
    const who = "where email = 'stranger@example.com'";
    await t.database.sql(`update users set fullname = fullname || 'x' ${who}`);
    expect(await snapshot()).not.toBe(before);
    await t.database.sql(`update users set fullname = left(fullname, -1) ${who}`);
    expect(await snapshot()).toBe(before);
  });

  for (const name of actionNames) {
    const def = actions[name];
    if (def.access !== 'public') {
      it(`${name}: anonymous is refused`, async () => {
        await expectRefusedUnchanged(
          { action: name, ...samples[name] },
          {},
          ErrorCode.UNAUTHENTICATED,
        );
      });
    }
    if (def.access === 'admin' || def.access === 'globalpriv') {
      it(`${name}: a signed-in user without the ${def.access} level is refused`, async () => {
        await expectRefusedUnchanged(
          { action: name, ...samples[name] },
          { bearer: stranger },
          ErrorCode.FORBIDDEN,
        );
      });
    }
    // Input is parsed after the access level: malformed input comes from someone who has it.
    const parser = () => (def.access === 'admin' ? operator : stranger);
    if (def.identity) {
      it(`${name}: a stranger cannot act on someone else's data`, async () => {
        const r = await expectRefusedUnchanged(
          { action: name, ...samples[name] },
          { bearer: stranger },
        );
        expect([ErrorCode.IDENTITY_MISMATCH, ErrorCode.FORBIDDEN]).toContain(r.body.Error);
      });
      if (!def.identityWildcard) {
        it(`${name}: '*' in "${def.identity}" is not a way around the identity check`, async () => {
          const r = await expectRefusedUnchanged(
            { action: name, ...samples[name], [def.identity!]: '*' },
            { bearer: stranger },
          );
          expect([ErrorCode.IDENTITY_MISMATCH, ErrorCode.BAD_INPUT]).toContain(r.body.Error);
        });
      }
    }
    if (targetsVictim.includes(name)) {
      it(`${name}: a stranger without the e-mail is refused by the service`, async () => {
        const { email: _omit, ...rest } = samples[name] as Record<string, unknown>;
        const r = await expectRefusedUnchanged({ action: name, ...rest }, { bearer: stranger });
        // CheckEditPriv answers its level as the Error: 2, no permission.
        const allowed = name === 'CheckEditPriv' ? [2] : [ErrorCode.FORBIDDEN, ErrorCode.NOT_FOUND];
        expect(allowed).toContain(r.body.Error);
        expect(JSON.stringify(r.body)).not.toMatch(/vault code|private prompt|diary|pal@/);
      });
    }
    const shape = (def.input as unknown as { shape?: Record<string, unknown> }).shape ?? {};
    const fields = Object.keys(shape);
    for (const field of fields) {
      it(`${name}: a wrong type in "${field}" is refused`, async () => {
        const body = { action: name, ...samples[name], [field]: { nested: [1, 2] } };
        await expectRefusedUnchanged(body, { bearer: parser() }, ErrorCode.BAD_INPUT);
      });
    }
    // Ids are PostgreSQL integers: a number past them must be refused, not sent to the query.
    for (const field of integerFields(def.input)) {
      it(`${name}: a number past PostgreSQL's integer in "${field}" is refused`, async () => {
        const body = { action: name, ...samples[name], [field]: 2 ** 31 };
        await expectRefusedUnchanged(body, { bearer: parser() }, ErrorCode.BAD_INPUT);
      });
    }
    // PostgreSQL text cannot hold NUL: refused in any field before the handler (input-text.ts).
    it(`${name}: a NUL in its text is refused, naming the field`, async () => {
      const sample = samples[name] as Record<string, unknown>;
      const field = Object.keys(sample).findLast((k) => typeof sample[k] === 'string') ?? 'lang';
      const body = { action: name, ...sample, [field]: `${String(sample[field] ?? 'he')}\u0000` };
      const r = await expectRefusedUnchanged(body, { bearer: parser() }, ErrorCode.BAD_INPUT);
      expect(r.status).toBe(400);
      expect(r.body.Errstr).toContain(field);
    });
    if (fields.length > 0) {
      it(`${name}: huge strings are refused`, async () => {
        const body: Record<string, unknown> = { action: name };
        for (const f of fields) body[f] = 'א'.repeat(100_000);
        await expectRefusedUnchanged(body, { bearer: parser() });
      });
      it(`${name}: missing or null fields do not crash`, async () => {
        const body: Record<string, unknown> = { action: name };
        for (const f of fields) body[f] = null;
        const r = await rpc(t.app, body, { bearer: parser() });
        expect(r.status).toBeLessThan(500);
        expect(r.body.Error).not.toBe(ErrorCode.INTERNAL);
      });
    }
  }

  // The same refusals one path per action (POST /api/rpc/{Action}, the same dispatcher): a
  // new action gets them there too.
  for (const name of actionNames) {
    const def = actions[name];
    const at = rpcPath(name);
    const sample = samples[name] as Record<string, unknown>;
    const parser = () => (def.access === 'admin' ? operator : stranger);
    if (def.access !== 'public') {
      it(`${at}: anonymous is refused with 401`, async () => {
        const r = await expectRefusedUnchanged(sample, {}, ErrorCode.UNAUTHENTICATED, name);
        expect(r.status).toBe(401);
      });
    }
    if (def.access === 'admin' || def.access === 'globalpriv') {
      it(`${at}: a signed-in user without the ${def.access} level is refused with 403`, async () => {
        const r = await expectRefusedUnchanged(
          sample,
          { bearer: stranger },
          ErrorCode.FORBIDDEN,
          name,
        );
        expect(r.status).toBe(403);
      });
    }
    if (def.identity) {
      it(`${at}: a stranger cannot act on someone else's data`, async () => {
        const r = await expectRefusedUnchanged(sample, { bearer: stranger }, undefined, name);
        expect([ErrorCode.IDENTITY_MISMATCH, ErrorCode.FORBIDDEN]).toContain(r.body.Error);
        expect(r.status).toBe(403);
      });
    }
    const shape = (def.input as unknown as { shape?: Record<string, unknown> }).shape ?? {};
    const first = Object.keys(shape)[0];
    if (first) {
      it(`${at}: a wrong type in "${first}" is refused with 400`, async () => {
        const body = { ...sample, [first]: { nested: [1, 2] } };
        const r = await expectRefusedUnchanged(
          body,
          { bearer: parser() },
          ErrorCode.BAD_INPUT,
          name,
        );
        expect(r.status).toBe(400);
      });
    }
    it(`${at}: a NUL in its text is refused with 400, naming the field`, async () => {
      const field = Object.keys(sample).findLast((k) => typeof sample[k] === 'string') ?? 'lang';
      const body = { ...sample, [field]: `${String(sample[field] ?? 'he')}\u0000` };
      const r = await expectRefusedUnchanged(body, { bearer: parser() }, ErrorCode.BAD_INPUT, name);
      expect(r.status).toBe(400);
      expect(r.body.Errstr).toContain(field);
    });
  }

  it('/api/rpc/{Action}: an unknown action and non-objects are refused', async () => {
    const unknown = await expectRefusedUnchanged(
      {},
      {},
      ErrorCode.UNKNOWN_ACTION,
      'DropAllTables' as ActionName,
    );
    expect(unknown.status).toBe(404);
    await expectRefusedUnchanged({}, {}, ErrorCode.UNKNOWN_ACTION, '__proto__' as ActionName);
    const list = await expectRefusedUnchanged([1, 2, 3], {}, ErrorCode.BAD_INPUT, 'SendToken');
    expect(list.status).toBe(400);
  });

  it('an unknown action, a missing action and non-objects are refused', async () => {
    await expectRefusedUnchanged({ action: 'DropAllTables' }, {}, ErrorCode.UNKNOWN_ACTION);
    await expectRefusedUnchanged({ action: '__proto__' }, {}, ErrorCode.UNKNOWN_ACTION);
    await expectRefusedUnchanged({ action: 'constructor' }, {}, ErrorCode.UNKNOWN_ACTION);
    await expectRefusedUnchanged({ email: 'a@b.c' }, {}, ErrorCode.UNKNOWN_ACTION);
    await expectRefusedUnchanged([1, 2, 3], {}, ErrorCode.BAD_INPUT);
    await expectRefusedUnchanged('{"action": "SendToken", ', {}, ErrorCode.BAD_INPUT);
  });

  it('a body over the size limit is refused in the caller language', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: JSON.stringify({ action: 'SendToken', email: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(r.statusCode).toBe(413);
    expect(r.json()).toMatchObject({
      Error: ErrorCode.BAD_INPUT,
      Errstr: 'The request is too large.',
    });
  });

  it('a form post (no JSON) is refused', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=SignOut',
    });
    expect(r.statusCode).toBe(415);
    expect(r.json().Error).toBe(ErrorCode.BAD_INPUT);
  });
});
