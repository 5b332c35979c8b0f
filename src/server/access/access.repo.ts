import { and, asc, count, eq, like, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { friendAccess, friends, users } from '../db/schema.ts';

const likePrefix = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function accessRepo(db: Db) {
  return {
    /** The access list with each person's name (their own once registered, else the one given). */
    async list(friendRowId: number) {
      return db
        .select({
          user: friendAccess.email,
          fullname: sql<string>`coalesce(nullif(${users.fullname}, ''), ${friendAccess.fullname})`,
          priv: friendAccess.editpriv,
        })
        .from(friendAccess)
        .leftJoin(users, eq(users.email, friendAccess.email))
        .where(eq(friendAccess.friendId, friendRowId))
        .orderBy(asc(friendAccess.createdAt), asc(friendAccess.email));
    },

    /** Adds or updates an entry; false when the list is full (and the address is new). */
    async upsert(
      friendRowId: number,
      entry: { email: string; fullname: string; editpriv: number },
      maxEntries: number,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx
          .select({ id: friends.id })
          .from(friends)
          .where(eq(friends.id, friendRowId))
          .for('update');
        const [existing] = await tx
          .select()
          .from(friendAccess)
          .where(and(eq(friendAccess.friendId, friendRowId), eq(friendAccess.email, entry.email)));
        if (existing) {
          await tx
            .update(friendAccess)
            .set({ editpriv: entry.editpriv, fullname: entry.fullname || existing.fullname })
            .where(
              and(eq(friendAccess.friendId, friendRowId), eq(friendAccess.email, entry.email)),
            );
          return true;
        }
        const [n] = await tx
          .select({ n: count() })
          .from(friendAccess)
          .where(eq(friendAccess.friendId, friendRowId));
        if (Number(n?.n ?? 0) >= maxEntries) return false;
        await tx.insert(friendAccess).values({ friendId: friendRowId, ...entry });
        return true;
      });
    },

    async remove(friendRowId: number, email: string): Promise<boolean> {
      const rows = await db
        .delete(friendAccess)
        .where(and(eq(friendAccess.friendId, friendRowId), eq(friendAccess.email, email)))
        .returning({ email: friendAccess.email });
      return rows.length > 0;
    },

    /** Addresses the owner already shares with that start with `prefix`. */
    async sharedBy(ownerId: number, prefix: string, limit: number) {
      const rows = await db
        .selectDistinct({ email: friendAccess.email })
        .from(friendAccess)
        .innerJoin(friends, eq(friends.id, friendAccess.friendId))
        .where(and(eq(friends.ownerId, ownerId), like(friendAccess.email, likePrefix(prefix))))
        .orderBy(asc(friendAccess.email))
        .limit(limit);
      return rows.map((r) => r.email);
    },

    /** Owners of characters whose access list holds `email`, starting with `prefix`. */
    async sharingWith(email: string, prefix: string, limit: number) {
      const rows = await db
        .selectDistinct({ email: users.email })
        .from(friendAccess)
        .innerJoin(friends, eq(friends.id, friendAccess.friendId))
        .innerJoin(users, eq(users.id, friends.ownerId))
        .where(and(eq(friendAccess.email, email), like(users.email, likePrefix(prefix))))
        .orderBy(asc(users.email))
        .limit(limit);
      return rows.map((r) => r.email);
    },

    /** `email` when it is a registered address (typed in full), else null. */
    async registered(email: string): Promise<string | null> {
      const [row] = await db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.email, email));
      return row?.email ?? null;
    },
  };
}
