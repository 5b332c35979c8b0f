import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { usageEvents, users } from '../db/schema.ts';
import { manualClock } from '../infra/clock.ts';
import { freshDatabase, testDatabases } from '../test/harness.ts';
import { createMeter, type Meter } from './meter.ts';

describe.each(testDatabases())('Meter on %s', (kind) => {
  let database: Database;
  let meter: Meter;
  let alice: number;
  let bob: number;
  const clock = manualClock(new Date('2026-03-01T00:00:00Z'));
  const day = 24 * 3600 * 1000;
  const march = { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-04-01T00:00:00Z') };

  beforeAll(async () => {
    database = await freshDatabase(kind);
    meter = createMeter(database.db, clock, pino({ level: 'silent' }));
    const rows = await database.db
      .insert(users)
      .values([{ email: 'alice@example.com' }, { email: 'bob@example.com' }])
      .returning({ id: users.id });
    [alice, bob] = rows.map((r) => r.id) as [number, number];

    await meter.record({
      userId: alice,
      kind: 'chat',
      provider: 'openai',
      model: 'gpt-4o',
      tokensIn: 1000,
      tokensCached: 800,
      tokensOut: 120,
    });
    await meter.record({
      userId: alice,
      kind: 'chat',
      provider: 'openai',
      model: 'gpt-4o',
      tokensIn: 500,
      tokensOut: 80,
    });
    await meter.record({
      userId: alice,
      kind: 'speech',
      provider: 'offline',
      model: 'espeak-ng',
      chars: 40,
      audioSeconds: 2.5,
    });
    await meter.record({
      userId: bob,
      kind: 'image',
      provider: 'openai',
      model: 'gpt-image-1',
      images: 1,
    });
    await meter.record({
      kind: 'embedding',
      provider: 'openai',
      model: 'text-embedding-3-small',
      tokensIn: 300,
    });
    clock.advance(31 * day); // April
    await meter.record({
      userId: alice,
      kind: 'chat',
      provider: 'openai',
      model: 'gpt-4o',
      tokensIn: 7,
      tokensOut: 7,
    });
  });
  afterAll(() => database.close());

  it('sums per kind for one user within the range (end excluded)', async () => {
    expect(await meter.totals(alice, march)).toEqual([
      {
        kind: 'chat',
        calls: 2,
        tokensIn: 1500,
        tokensCached: 800,
        tokensOut: 200,
        images: 0,
        audioSeconds: 0,
        chars: 0,
      },
      {
        kind: 'speech',
        calls: 1,
        tokensIn: 0,
        tokensCached: 0,
        tokensOut: 0,
        images: 0,
        audioSeconds: 2.5,
        chars: 40,
      },
    ]);
    const april = { from: march.to, to: new Date('2026-05-01T00:00:00Z') };
    expect(await meter.totals(alice, april)).toEqual([
      expect.objectContaining({ kind: 'chat', calls: 1, tokensIn: 7 }),
    ]);
  });

  it('keeps users apart, and calls made for nobody under null', async () => {
    expect(await meter.totals(bob, march)).toEqual([
      expect.objectContaining({ kind: 'image', calls: 1, images: 1 }),
    ]);
    expect(await meter.totals(null, march)).toEqual([
      expect.objectContaining({ kind: 'embedding', calls: 1, tokensIn: 300 }),
    ]);
  });

  it('stores unreported counts as null, not 0, and the clock time', async () => {
    const [row] = await database.db.select().from(usageEvents).orderBy(usageEvents.id).limit(1);
    expect(row).toMatchObject({ tokensCached: 800, images: null, audioSeconds: null, chars: null });
    expect(row!.at.toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });

  it('a failed insert is logged, not thrown: the caller already has its result', async () => {
    await expect(
      meter.record({ userId: 999_999, kind: 'chat', provider: 'openai', model: 'x', tokensIn: 1 }),
    ).resolves.toBeUndefined();
  });
});
