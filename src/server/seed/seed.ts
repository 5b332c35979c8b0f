import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { categories, friends, meta, subscriptionTypes } from '../db/schema.ts';
import { seedCategories } from './categories.ts';
import { bookCharacters } from './characters/books.ts';
import { helperCharacters } from './characters/helpers.ts';
import type { SeedCharacter } from './seed-types.ts';
import { seedSubscriptionTypes } from './subscription-types.ts';

const SEED_KEY = 'starter-content';
const SEED_VERSION = '2';
/** Seeded on its own key, so databases seeded before billing get the types too. */
const BILLING_SEED_KEY = 'subscription-types';
/** Any fixed number names the lock; this one spells "seed" in ASCII. */
const SEED_LOCK_KEY = 0x73656564;

export function seedFriendRows(c: SeedCharacter): (typeof friends.$inferInsert)[] {
  const common = {
    friendtype: c.friendtype,
    category: c.category,
    publicfriend: c.publicfriend,
    voice: c.voice,
    voiceInstructions: c.voice_instructions,
    image: `/friends/${c.id}.svg`,
    temp: 80,
    topP: 20,
    model: 'auto',
  };
  return [
    { ...common, friendid: c.id, lang: 'he', ...c.he },
    { ...common, friendid: `${c.id}en`, lang: 'en', ...c.en },
  ];
}

/** Seeds the starter content once per database; later starts leave user edits alone. */
export async function seedStarterContent(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Instances starting together on an empty database: one seeds, the others wait here and
    // then find the seed done (the lock ends with the transaction).
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [billing] = await tx.select().from(meta).where(eq(meta.key, BILLING_SEED_KEY));
    if (!billing) {
      await tx.insert(subscriptionTypes).values(seedSubscriptionTypes).onConflictDoNothing();
      await tx.insert(meta).values({ key: BILLING_SEED_KEY, value: '1' });
    }
    const [done] = await tx.select().from(meta).where(eq(meta.key, SEED_KEY));
    if (done) {
      if (done.value === '1') await upgradeFromV1(tx);
      return false;
    }
    await tx.insert(categories).values(
      seedCategories.flatMap((c) => [
        { id: c.id, lang: 'he', name: c.he },
        { id: c.id, lang: 'en', name: c.en },
      ]),
    );
    const rows = [...bookCharacters, ...helperCharacters].flatMap(seedFriendRows);
    await tx.insert(friends).values(rows).onConflictDoNothing();
    await tx.insert(meta).values({ key: SEED_KEY, value: SEED_VERSION });
    return true;
  });
}

/** Version 1 seeded these once for both languages, their names in both spellings. */
const ONCE_FOR_BOTH = ['graphicdesigner', 'sharoneditor'];

/**
 * To version 2: those helpers get their English record like the others, and the shared one
 * becomes the Hebrew one; a name an editor changed since is theirs and stays.
 */
async function upgradeFromV1(tx: Db) {
  const helpers = helperCharacters.filter((c) => ONCE_FOR_BOTH.includes(c.id));
  await tx
    .insert(friends)
    .values(helpers.flatMap(seedFriendRows).filter((r) => r.lang === 'en'))
    .onConflictDoNothing();
  for (const c of helpers) {
    await tx
      .update(friends)
      .set({ lang: 'he' })
      .where(and(eq(friends.friendid, c.id), isNull(friends.lang)));
    await tx
      .update(friends)
      .set({ friendname: c.he.friendname, description: c.he.description })
      .where(
        and(
          eq(friends.friendid, c.id),
          eq(friends.friendname, `${c.he.friendname} · ${c.en.friendname}`),
        ),
      );
  }
  await tx
    .update(meta)
    .set({ value: SEED_VERSION })
    .where(inArray(meta.key, [SEED_KEY]));
}
