import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../db/schema.ts';
import { usersRepo } from '../users/users.repo.ts';
import { sandboxSessionRef } from '../billing/sandbox.ts';
import { userWithSession, type TestApp } from '../test/harness.ts';

/**
 * The victim the generated security tests attack: a user with a private character
 * `victimsecret` holding file 1, knowledge subject 1 and an access entry, and a private
 * generated image `g_victim.png`. Answers the stranger's bearer token.
 */
export async function seedVictim(t: TestApp): Promise<{ stranger: string; victim: string }> {
  const victim = await userWithSession(t, 'victim@example.com', { grant: 'canadd,globalpriv' });
  const stranger = await userWithSession(t, 'stranger@example.com');
  const victimRow = await usersRepo(t.deps.db).byEmail('victim@example.com');
  const [secret] = await t.deps.db
    .insert(schema.friends)
    .values({ friendid: 'victimsecret', publicfriend: 0, ownerId: victimRow!.id })
    .returning();
  await t.deps.db.insert(schema.friendFiles).values({
    friendId: secret!.id,
    title: 'diary',
    kind: 'txt',
    size: 5,
    storageKey: 'knowledge/1/diary.txt',
  });
  await t.deps.db
    .insert(schema.knowledge)
    .values({ friendId: secret!.id, subject: 'secrets', contents: 'the vault code is 1234' });
  await t.deps.db
    .insert(schema.friendAccess)
    .values({ friendId: secret!.id, email: 'pal@example.com', editpriv: 1 });
  await t.deps.db
    .insert(schema.images)
    .values({ owner: victimRow!.id, image: 'g_victim.png', prompt: 'a private prompt' });
  await t.storage.put('generated/g_victim.png', Buffer.from('not really a png'));
  // A group round whose answer (id 2 on the fresh database) failed: RetryMultiChatAnswer's target.
  await t.deps.db
    .insert(schema.groupMessages)
    .values([{ userId: victimRow!.id, role: 'user', content: 'hello all' }]);
  await t.deps.db
    .insert(schema.groupMessages)
    .values([{ userId: victimRow!.id, friendId: secret!.id, role: 'assistant', status: 'failed' }]);
  // A paid order (number 1) and its sandbox page's key: nobody else reads or confirms it.
  const [type] = await t.deps.db
    .insert(schema.subscriptionTypes)
    .values({ code: 'victim-pack', nameHe: 'Victim pack', nameEn: 'Victim pack', priceAgorot: 100 })
    .returning();
  await t.deps.db.insert(schema.orders).values({
    userId: victimRow!.id,
    typeId: type!.id,
    amountAgorot: 100,
    provider: 'sandbox',
    status: 1,
    paymentRef: 'sb_victim',
    sessionRef: sandboxSessionRef('victim-order-key-0001'),
    invoice: 'SB-000001',
    invoiceUrl: '/api/payment/invoice?order=1',
  });
  // Sign-ins are counted (analytics) after the step: done before anyone takes a snapshot.
  await t.deps.domain.settled();
  return { stranger, victim };
}

/**
 * The instances' own heartbeats (ops/instances.ts) change `instances` every few seconds
 * whatever a request does: the one table no action writes, so the one left out.
 */
const tables = Object.entries(schema).filter(
  ([, v]) => typeof v === 'object' && v !== null && 'getSQL' in v && v !== schema.instances,
);

/**
 * Every table's rows as one hash each, in one statement: a round trip per table (and every
 * row through the ORM into JSON) twice per generated test was most of what those files cost.
 * Rows are hashed in their text form, sorted, so the same rows in another physical order
 * read the same.
 */
const snapshotSql = `select ${tables
  .map(([name, table]) => {
    const c = getTableConfig(table as PgTable);
    const from = c.schema ? `"${c.schema}"."${c.name}"` : `"${c.name}"`;
    return `(select coalesce(md5(string_agg(x::text, E'\\n' order by x::text)), '') from ${from} x) as "${name}"`;
  })
  .join(', ')}`;

function listFiles(dir: string, out: string[] = []): string[] {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return out;
  }
  for (const n of names) {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) listFiles(p, out);
    else out.push(`${p}:${createHash('sha256').update(readFileSync(p)).digest('hex')}`);
  }
  return out;
}

/** A hash of every table and every stored file: equal before and after means nothing changed. */
export async function snapshot(t: TestApp): Promise<string> {
  const h = createHash('sha256');
  const { rows } = await t.database.sql(snapshotSql);
  h.update(JSON.stringify(rows[0]));
  h.update(listFiles(t.deps.config.filesDir).join('\n'));
  return h.digest('hex');
}
