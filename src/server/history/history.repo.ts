import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { friends, messages, subjects, users } from '../db/schema.ts';

/** Read-only queries of the history viewer over the chat's tables. */
export function historyRepo(db: Db) {
  return {
    /** Users with at least one message from themselves, matching `q`, alphabetically. */
    async emailsWithChats(q: string, limit = 20) {
      const rows = await db
        .selectDistinct({ email: users.email })
        .from(users)
        .innerJoin(subjects, eq(subjects.userId, users.id))
        .where(
          and(
            sql`exists (select 1 from ${messages} where ${messages.subjectId} = ${subjects.id} and ${messages.role} = 'user')`,
            q ? ilike(users.email, `%${q.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
          ),
        )
        .orderBy(asc(users.email))
        .limit(limit);
      return rows.map((r) => r.email);
    },
    async friendsOf(userId: number) {
      return db
        .selectDistinct({
          friendid: friends.friendid,
          friendname: friends.friendname,
          image: friends.image,
        })
        .from(subjects)
        .innerJoin(friends, eq(friends.id, subjects.friendId))
        .where(
          and(
            eq(subjects.userId, userId),
            sql`exists (select 1 from ${messages} where ${messages.subjectId} = ${subjects.id} and ${messages.role} = 'user')`,
          ),
        )
        .orderBy(asc(friends.friendname));
    },
    /** Every subject of the user with the character, each with its messages in order. */
    async conversation(userId: number, friendRowId: number) {
      const subs = await db
        .select()
        .from(subjects)
        .where(and(eq(subjects.userId, userId), eq(subjects.friendId, friendRowId)))
        .orderBy(asc(subjects.createdAt), asc(subjects.id));
      const out = [];
      for (const s of subs) {
        const rows = await db
          .select()
          .from(messages)
          .where(and(eq(messages.subjectId, s.id), eq(messages.hidden, false)))
          .orderBy(asc(messages.id));
        out.push({ subject: s, rows });
      }
      return out;
    },
  };
}
