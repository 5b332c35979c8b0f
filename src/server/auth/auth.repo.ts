import { and, eq, gt, isNull, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessionsChanged } from './session-cache.ts';
import { sessions, signinLinks, users } from '../db/schema.ts';

export function authRepo(db: Db) {
  return {
    async createSession(userId: number, tokenHash: string, expiresAt: Date) {
      await db.insert(sessions).values({ userId, tokenHash, expiresAt });
    },
    /** The live session with its user, or undefined. */
    async findSession(tokenHash: string, now: Date) {
      const [row] = await db
        .select({ user: users, expiresAt: sessions.expiresAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)));
      return row;
    },
    async deleteSession(tokenHash: string) {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
      sessionsChanged({ hash: tokenHash });
    },
    /** Ends every session of the user but `keepHash` (null: all); answers how many ended. */
    async deleteSessionsOf(userId: number, keepHash: string | null): Promise<number> {
      const rows = await db
        .delete(sessions)
        .where(
          keepHash
            ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepHash))
            : eq(sessions.userId, userId),
        )
        .returning({ id: sessions.tokenHash });
      sessionsChanged({ userId });
      return rows.length;
    },
    async createLink(userId: number, tokenHash: string, friendid: string | null, expiresAt: Date) {
      await db.insert(signinLinks).values({ userId, tokenHash, friendid, expiresAt });
    },
    /** Marks a live, unused link used and answers it; one statement, so a link works once. */
    async consumeLink(tokenHash: string, now: Date) {
      const [row] = await db
        .update(signinLinks)
        .set({ usedAt: now })
        .where(
          and(
            eq(signinLinks.tokenHash, tokenHash),
            isNull(signinLinks.usedAt),
            gt(signinLinks.expiresAt, now),
          ),
        )
        .returning({ userId: signinLinks.userId, friendid: signinLinks.friendid });
      return row;
    },
    /** Drops expired sessions and dead links (run now and then). */
    async sweep(now: Date) {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
      await db
        .delete(signinLinks)
        .where(or(lt(signinLinks.expiresAt, now), gt(signinLinks.usedAt, new Date(0))));
    },
  };
}
