import { and, asc, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { friendAccess, friends, users } from '../db/schema.ts';

export type FriendRow = typeof friends.$inferSelect;

export interface ListFilter {
  /** Null: every character (global privilege with "show all"). */
  viewer: { id: number; email: string } | null;
  lang?: string | undefined;
  categories?: number | undefined;
  hideIds?: string[];
}

export function friendsRepo(db: Db) {
  return {
    async list(f: ListFilter) {
      const conds: (SQL | undefined)[] = [];
      if (f.viewer) {
        conds.push(
          or(
            eq(friends.publicfriend, 1),
            eq(friends.ownerId, f.viewer.id),
            sql`exists (select 1 from ${friendAccess} where ${friendAccess.friendId} = ${friends.id} and ${friendAccess.email} = ${f.viewer.email})`,
          ),
        );
      }
      if (f.lang) conds.push(or(isNull(friends.lang), eq(friends.lang, f.lang)));
      if (f.categories) conds.push(ne(sql`(${friends.category} & ${f.categories})`, 0));
      for (const id of f.hideIds ?? [])
        conds.push(ne(sql`lower(${friends.friendid})`, id.toLowerCase()));
      return db
        .select({
          friendid: friends.friendid,
          friendname: friends.friendname,
          image: friends.image,
          description: friends.description,
          friendtype: friends.friendtype,
          category: friends.category,
          publicfriend: friends.publicfriend,
        })
        .from(friends)
        .where(and(...conds))
        .orderBy(asc(friends.friendtype), asc(friends.friendname));
    },

    /** A character by id (ids are unique regardless of case), with its owner's name and e-mail. */
    async byFriendId(friendid: string) {
      const [row] = await db
        .select({ friend: friends, ownerEmail: users.email, ownerName: users.fullname })
        .from(friends)
        .leftJoin(users, eq(users.id, friends.ownerId))
        .where(eq(sql`lower(${friends.friendid})`, friendid.toLowerCase()));
      return row;
    },

    async byId(id: number) {
      const [row] = await db.select().from(friends).where(eq(friends.id, id));
      return row;
    },

    async accessFor(friendRowId: number, email: string) {
      const [row] = await db
        .select()
        .from(friendAccess)
        .where(
          and(eq(friendAccess.friendId, friendRowId), eq(friendAccess.email, email.toLowerCase())),
        );
      return row;
    },
  };
}

export type FriendsRepo = ReturnType<typeof friendsRepo>;
