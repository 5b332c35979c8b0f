import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { friends, pushSettings, pushSubscriptions, users } from '../db/schema.ts';
import type { StoredSubscription } from './push-sender.ts';

export type SubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type PushSettingsRow = Omit<typeof pushSettings.$inferSelect, 'userId'>;

export const DEFAULT_PUSH_SETTINGS: PushSettingsRow = { turn: true, image: false, shared: false };

export function pushRepo(db: Db) {
  return {
    /**
     * This device's subscription, replacing its earlier one (a renewal) and taking the
     * endpoint over from any other row that holds it: another account that used this browser
     * before, or this account under another device id (the page's storage was cleared but
     * the browser kept its subscription; found by the fuzzer, issue 35). Saves of one
     * endpoint take turns (a transaction lock on it), so two at once cannot both insert it.
     */
    async save(userId: number, udid: string, sub: StoredSubscription, now: Date) {
      await db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`push-endpoint:${sub.endpoint}`}))`,
        );
        await tx
          .delete(pushSubscriptions)
          .where(
            and(
              eq(pushSubscriptions.endpoint, sub.endpoint),
              or(ne(pushSubscriptions.userId, userId), ne(pushSubscriptions.udid, udid)),
            ),
          );
        await tx
          .insert(pushSubscriptions)
          .values({ userId, udid, ...sub, createdAt: now, updatedAt: now })
          .onConflictDoUpdate({
            target: [pushSubscriptions.userId, pushSubscriptions.udid],
            set: { ...sub, updatedAt: now },
          });
      });
    },
    async removeDevice(userId: number, udid: string): Promise<number> {
      const rows = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.udid, udid)))
        .returning({ id: pushSubscriptions.id });
      return rows.length;
    },
    /** The push service says the subscription is gone; only that exact one is removed. */
    async removeGone(id: number, endpoint: string): Promise<number> {
      const rows = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.endpoint, endpoint)))
        .returning({ id: pushSubscriptions.id });
      return rows.length;
    },
    async byId(id: number): Promise<SubscriptionRow | undefined> {
      const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
      return row;
    },
    /**
     * In one statement: the user's devices, whether they want `kind` told (their settings or
     * the default) and their language. No rows: the user has no device.
     */
    async targets(userId: number, kind: keyof PushSettingsRow) {
      return db
        .select({
          id: pushSubscriptions.id,
          endpoint: pushSubscriptions.endpoint,
          wanted: sql<boolean>`coalesce(${pushSettings[kind]}, ${DEFAULT_PUSH_SETTINGS[kind]})`,
          lang: users.lang,
        })
        .from(pushSubscriptions)
        .innerJoin(users, eq(users.id, pushSubscriptions.userId))
        .leftJoin(pushSettings, eq(pushSettings.userId, pushSubscriptions.userId))
        .where(eq(pushSubscriptions.userId, userId));
    },
    async ofUser(userId: number): Promise<SubscriptionRow[]> {
      return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    },
    async settings(userId: number): Promise<PushSettingsRow> {
      const [row] = await db
        .select({ turn: pushSettings.turn, image: pushSettings.image, shared: pushSettings.shared })
        .from(pushSettings)
        .where(eq(pushSettings.userId, userId));
      return row ?? DEFAULT_PUSH_SETTINGS;
    },
    async saveSettings(userId: number, patch: Partial<PushSettingsRow>) {
      await db
        .insert(pushSettings)
        .values({ userId, ...DEFAULT_PUSH_SETTINGS, ...patch })
        .onConflictDoUpdate({ target: pushSettings.userId, set: patch });
    },
    /** A character's name for a notification (its id if it has none). */
    async friendName(friendid: string): Promise<string> {
      const [row] = await db
        .select({ name: friends.friendname })
        .from(friends)
        .where(eq(friends.friendid, friendid));
      return row?.name || friendid;
    },
    /** The language a user's notifications are written in. */
    async langOf(userId: number): Promise<string | undefined> {
      const [row] = await db.select({ lang: users.lang }).from(users).where(eq(users.id, userId));
      return row?.lang;
    },
  };
}
