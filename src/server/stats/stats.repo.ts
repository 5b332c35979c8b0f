import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { friendAnalyses, messages, subjects } from '../db/schema.ts';

export type AnalysisRow = typeof friendAnalyses.$inferSelect;

/** The analysis sample of one character's conversations, and its cached analysis (counts: rollup.repo.ts). */
export function statsRepo(db: Db) {
  const ofFriend = (friendRowId: number) => eq(subjects.friendId, friendRowId);
  return {
    /** The newest messages, for the analysis sample (the caller trims to the budget). */
    async recent(friendRowId: number, limit: number) {
      return db
        .select({
          id: messages.id,
          subjectId: messages.subjectId,
          role: messages.role,
          content: messages.content,
        })
        .from(messages)
        .innerJoin(subjects, eq(subjects.id, messages.subjectId))
        .where(and(ofFriend(friendRowId), eq(messages.hidden, false), eq(messages.status, 'done')))
        .orderBy(desc(messages.id))
        .limit(limit);
    },
    async analysis(friendRowId: number, lang: string) {
      const [row] = await db
        .select()
        .from(friendAnalyses)
        .where(and(eq(friendAnalyses.friendId, friendRowId), eq(friendAnalyses.lang, lang)));
      return row;
    },
    async saveAnalysis(
      friendRowId: number,
      lang: string,
      patch: Partial<Omit<AnalysisRow, 'friendId' | 'lang'>>,
    ) {
      const values = { ...patch, updatedAt: new Date() };
      await db
        .insert(friendAnalyses)
        .values({ friendId: friendRowId, lang, ...values })
        .onConflictDoUpdate({
          target: [friendAnalyses.friendId, friendAnalyses.lang],
          set: values,
        });
    },
  };
}

export type StatsRepo = ReturnType<typeof statsRepo>;
