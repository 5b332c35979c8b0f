import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { googleTokens, oauthStates } from '../db/schema.ts';
import type { GoogleTokens } from './google-docs.client.ts';

export function googleRepo(db: Db) {
  return {
    async saveState(stateHash: string, userId: number, expiresAt: Date, now: Date) {
      await db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
      await db.insert(oauthStates).values({ stateHash, userId, expiresAt });
    },

    /** The user a live state belongs to; the state is used up (one statement, so once only). */
    async consumeState(stateHash: string, now: Date): Promise<number | undefined> {
      const [row] = await db
        .delete(oauthStates)
        .where(and(eq(oauthStates.stateHash, stateHash), gt(oauthStates.expiresAt, now)))
        .returning({ userId: oauthStates.userId });
      return row?.userId;
    },

    async tokens(userId: number): Promise<GoogleTokens | undefined> {
      const [row] = await db.select().from(googleTokens).where(eq(googleTokens.userId, userId));
      return row
        ? {
            accessToken: row.accessToken,
            refreshToken: row.refreshToken,
            expiresAt: row.expiresAt,
            scope: row.scope,
          }
        : undefined;
    },

    async saveTokens(userId: number, t: GoogleTokens, now: Date) {
      const values = {
        accessToken: t.accessToken,
        refreshToken: t.refreshToken,
        expiresAt: t.expiresAt,
        scope: t.scope,
        updatedAt: now,
      };
      await db
        .insert(googleTokens)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: googleTokens.userId, set: values });
    },

    async forgetTokens(userId: number) {
      await db.delete(googleTokens).where(eq(googleTokens.userId, userId));
    },
  };
}
