import { Writable } from 'node:stream';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorage, type Storage } from '../infra/storage.ts';
import { postForm } from '../test/fixtures.ts';
import {
  createTestApp,
  rpc,
  testDatabases,
  userWithSession,
  type TestApp,
} from '../test/harness.ts';
import { DISCARD_QUEUE } from './discard.ts';

describe.each(testDatabases())('stored files whose delete fails, on %s', (kind) => {
  let t: TestApp;
  let owner: string;
  const lines: Record<string, unknown>[] = [];
  /** Deletes fail while this many remain (the store down for a while). */
  let failing = 0;
  const tried: string[] = [];

  beforeAll(async () => {
    const inner = localStorage(mkdtempSync(join(tmpdir(), 'sefer-discard-')));
    const storage: Storage = {
      ...inner,
      list: () => inner.list(),
      async delete(key) {
        tried.push(key);
        if (failing > 0) {
          failing--;
          throw new Error('the store is unreachable');
        }
        await inner.delete(key);
      },
    };
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const l of chunk.toString().split('\n')) if (l) lines.push(JSON.parse(l));
        done();
      },
    });
    t = await createTestApp(kind, { storage, log: pino({ level: 'info' }, sink) });
    owner = await userWithSession(t, 'keeper@example.com', { grant: 'canadd' });
    const made = await rpc(
      t.app,
      {
        action: 'SetFriendDetails',
        insert: 1,
        friendid: 'archivist',
        friendname: 'Archivist',
        image: '/friends/librarian.svg',
        personality: 'Keeps papers.',
        firstprompt: 'Hi',
        friendtype: 1,
      },
      { bearer: owner },
    );
    expect(made.body.Error).toBe(0);
  });
  afterAll(() => t.close());

  it('a delete that fails is logged and done again by the retry queue; the action still succeeds', async () => {
    const up = await postForm(t.app, '/api/upload', {
      bearer: owner,
      fields: { friend: 'archivist', friendtype: '1' },
      file: { name: 'ledger.txt', data: Buffer.from('The ledger of the harbour, year one.') },
    });
    expect(up.status, up.text).toBe(200);
    const files = (await rpc(t.app, { action: 'GetFiles', friend: 'archivist' }, { bearer: owner }))
      .body.files as { num: number }[];
    const keys: string[] = [];
    for await (const key of t.storage.list()) if (key.startsWith('knowledge/')) keys.push(key);
    expect(keys).toHaveLength(2); // the upload and its text

    failing = 2;
    const del = await rpc(
      t.app,
      { action: 'DelFile', email: 'keeper@example.com', friendid: 'archivist', num: files[0]!.num },
      { bearer: owner },
    );
    expect(del.body.Error).toBe(0);
    const warned = lines.filter(
      (l) => l.msg === 'a stored file could not be deleted; it will be retried',
    );
    expect(warned.map((l) => l.key).sort()).toEqual([...keys].sort());
    expect(warned[0]).toMatchObject({ why: 'a deleted knowledge file' });
    for (const key of keys) expect(await t.storage.get(key)).not.toBeNull();

    // The retry queue deletes them once the store answers again.
    await t.deps.jobs.idle();
    for (const key of keys) expect(await t.storage.get(key)).toBeNull();
    expect(tried.filter((k) => keys.includes(k))).toHaveLength(4);
    expect((await t.deps.jobs.queued())[DISCARD_QUEUE]).toBe(0);
  });
});
