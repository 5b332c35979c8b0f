import { and, asc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { friendAccess, friendFiles, friends, users } from '../db/schema.ts';

export type FriendRow = typeof friends.$inferSelect;
export type FriendInsert = typeof friends.$inferInsert;
export type FriendPatch = Partial<Omit<FriendInsert, 'id' | 'friendid' | 'ownerId' | 'createdAt'>>;

export interface ListFilter {
  /** Null: every character (global privilege with "show all"). */
  viewer: { id: number; email: string } | null;
  lang?: string | undefined;
  categories?: number | undefined;
  /** Text in the name, the description or one of the free tags (any case). */
  search?: string | undefined;
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
      if (f.search) {
        const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conds.push(
          or(
            ilike(friends.friendname, like),
            ilike(friends.description, like),
            sql`exists (select 1 from jsonb_array_elements_text(${friends.tags}) as tag where tag ilike ${like})`,
          ),
        );
      }
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

    /** Inserts a new character; undefined when the id is taken (in any case). */
    async insert(values: FriendInsert): Promise<FriendRow | undefined> {
      const [row] = await db.insert(friends).values(values).onConflictDoNothing().returning();
      return row;
    },

    async update(id: number, patch: FriendPatch): Promise<FriendRow> {
      const [row] = await db.update(friends).set(patch).where(eq(friends.id, id)).returning();
      return row!;
    },

    /**
     * Deletes a character; its files, knowledge, passages and access list go with it (foreign
     * keys cascade). Answers the storage keys of its files so they can be removed after commit.
     */
    async remove(id: number): Promise<string[]> {
      return db.transaction(async (tx) => {
        const files = await tx
          .select({ key: friendFiles.storageKey })
          .from(friendFiles)
          .where(eq(friendFiles.friendId, id));
        await tx.delete(friends).where(eq(friends.id, id));
        return files.map((f) => f.key);
      });
    },

    /** How many characters show this image. */
    async countUsingImage(image: string): Promise<number> {
      const rows = await db
        .select({ id: friends.id })
        .from(friends)
        .where(eq(friends.image, image))
        .limit(2);
      return rows.length;
    },

    async byId(id: number) {
      const [row] = await db.select().from(friends).where(eq(friends.id, id));
      return row;
    },

    /** byFriendId and accessFor of `email` in one statement (a chat turn's first read). */
    async byFriendIdFor(friendid: string, email: string) {
      const [row] = await db
        .select({
          friend: friends,
          ownerEmail: users.email,
          ownerName: users.fullname,
          access: friendAccess,
        })
        .from(friends)
        .leftJoin(users, eq(users.id, friends.ownerId))
        .leftJoin(
          friendAccess,
          and(eq(friendAccess.friendId, friends.id), eq(friendAccess.email, email.toLowerCase())),
        )
        .where(eq(sql`lower(${friends.friendid})`, friendid.toLowerCase()));
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
