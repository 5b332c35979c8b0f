import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/errors.ts';
import { actions } from '../../protocol/registry.ts';
import { createTestApp, rpc, userWithSession, type TestApp } from '../test/harness.ts';

/**
 * Issue 38, defect 4: a refused input answered zod's own English ("Too big: expected string
 * to have <=20000 characters") on a Hebrew screen. Now each kind of refusal has words in both
 * languages, naming the field as people call it and the limit (rpc/describe-issues.ts).
 */
describe('refused input, worded for people', () => {
  let t: TestApp;
  let reader: string;
  // What zod says in English, never to reach a reader.
  const zodWords = /expected|Too big|Too small|Invalid input|received/i;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    reader = await userWithSession(t, 'reader@example.com');
  });
  afterAll(() => t.close());

  it('a message over the limit: its length and the limit, in Hebrew and in English', async () => {
    const long = 'א'.repeat(25_000);
    const he = await rpc(
      t.app,
      { action: 'AskFriend', friendid: 'holmesen', message: long, lang: 'he' },
      { bearer: reader },
    );
    expect(he.body).toEqual({
      Error: ErrorCode.BAD_INPUT,
      Errstr: 'האורך של ההודעה חורג מהמותר: עד 20,000 תווים (כאן 25,000).',
    });
    const en = await rpc(
      t.app,
      { action: 'AskFriend', friendid: 'holmesen', message: long, lang: 'en' },
      { bearer: reader },
    );
    expect(en.body.Errstr).toBe(
      'The message is too long: at most 20,000 characters (this has 25,000).',
    );
  });

  it('an empty full name or message is "required", a missing field too', async () => {
    const name = await rpc(t.app, {
      action: 'RegisterFullname',
      email: 'new@example.com',
      fullname: '',
      lang: 'he',
    });
    expect(name.body).toEqual({ Error: ErrorCode.BAD_INPUT, Errstr: 'יש למלא את השם המלא.' });
    const blank = await rpc(
      t.app,
      { action: 'AskFriend', friendid: 'holmesen', message: '   ', lang: 'en' },
      { bearer: reader },
    );
    expect(blank.body.Errstr).toBe('The message is required.');
    const missing = await rpc(
      t.app,
      { action: 'AskFriend', friendid: 'holmesen', lang: 'he' },
      { bearer: reader },
    );
    expect(missing.body.Errstr).toBe('יש למלא את ההודעה.');
  });

  it('a refinement is worded by its rule in both languages: no English inside Hebrew', async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['GetFriendDetails', { friendid: 'not-letters' }],
      ['UpdateFCMToken', { udid: 'short', token: '{}' }],
      ['AskFriend', { friendid: 'holmesen', message: 'hi', img: 'data:text/plain;base64,AA' }],
    ];
    for (const [action, fields] of cases) {
      const he = await rpc(t.app, { action, ...fields, lang: 'he' }, { bearer: reader });
      expect(he.body.Error, action).toBe(ErrorCode.BAD_INPUT);
      // Field names of the API (udid) and format names (JPEG) may stay; no English words.
      const words = String(he.body.Errstr)
        .replace(/\b(udid|img|JPEG|PNG|WebP)\b/g, '')
        .match(/[A-Za-z]{2,}/g);
      expect(words, `${action}: ${String(he.body.Errstr)}`).toBeNull();
      expect(he.body.Errstr).toMatch(/[א-ת]/);
      const en = await rpc(t.app, { action, ...fields, lang: 'en' }, { bearer: reader });
      expect(en.body.Errstr, action).not.toMatch(/[א-ת]/);
      expect(en.body.Errstr, action).not.toMatch(zodWords);
    }
    const id = await rpc(
      t.app,
      { action: 'GetFriendDetails', friendid: 'not-letters', lang: 'he' },
      { bearer: reader },
    );
    expect(id.body.Errstr).toBe('מזהה הדמות יכול להכיל רק אותיות באנגלית וספרות.');
  });

  it('a wrong kind of value, in every action with fields, has Hebrew words and no zod', async () => {
    let checked = 0;
    for (const [action, def] of Object.entries(actions)) {
      const shape = (def.input as unknown as { shape?: Record<string, unknown> }).shape ?? {};
      const field = Object.keys(shape).find((f) => f !== 'lang' && f !== 'email');
      if (!field) continue;
      const r = await rpc(
        t.app,
        { action, [field]: { nested: [1, 2] }, lang: 'he' },
        { bearer: reader },
      );
      if (r.body.Error !== ErrorCode.BAD_INPUT) continue;
      checked++;
      expect(r.body.Errstr, action).toMatch(/[א-ת]/);
      expect(r.body.Errstr, action).not.toMatch(zodWords);
    }
    expect(checked).toBeGreaterThan(20);
  });
});
