import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { bookJobs, friendFiles, usageEvents, users } from '../db/schema.ts';

export type BookJobRow = typeof bookJobs.$inferSelect;
export type NewBookJob = Omit<typeof bookJobs.$inferInsert, 'id'>;
export type BookJobKind = 'characters' | 'draft';

const LIVE = ['queued', 'running'];

/** What one model call of a job used and cost (BookDraftRepo.charge). */
export interface JobCharge {
  userId: number;
  provider: string;
  model: string;
  tokensIn: number;
  tokensCached: number;
  tokensOut: number;
  cost: number;
  at: Date;
}

/** The rows of the book jobs (issue 36), and the statement that pays for one of their calls. */
export function bookDraftRepo(db: Db) {
  return {
    async create(values: NewBookJob): Promise<BookJobRow> {
      const [row] = await db.insert(bookJobs).values(values).returning();
      return row!;
    },

    /** A job with its file (null when either is gone). */
    async withFile(id: number) {
      const [row] = await db
        .select({ job: bookJobs, file: friendFiles })
        .from(bookJobs)
        .innerJoin(friendFiles, eq(friendFiles.id, bookJobs.fileId))
        .where(eq(bookJobs.id, id));
      return row ?? null;
    },

    async byId(id: number): Promise<BookJobRow | undefined> {
      const [row] = await db.select().from(bookJobs).where(eq(bookJobs.id, id));
      return row;
    },

    /** The caller's last job of this kind on this file (a draft: of this character). */
    async latest(userId: number, fileId: number, kind: BookJobKind, name?: string) {
      const [row] = await db
        .select()
        .from(bookJobs)
        .where(
          and(
            eq(bookJobs.userId, userId),
            eq(bookJobs.fileId, fileId),
            eq(bookJobs.kind, kind),
            name === undefined ? undefined : eq(bookJobs.name, name),
          ),
        )
        .orderBy(desc(bookJobs.id))
        .limit(1);
      return row;
    },

    /** A step read: progress and what was found so far; false when the job was stopped. */
    async step(
      id: number,
      patch: { done: number; total: number; result: unknown },
      at: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(bookJobs)
        .set({ ...patch, state: 'running', updatedAt: at })
        .where(and(eq(bookJobs.id, id), inArray(bookJobs.state, LIVE)))
        .returning({ id: bookJobs.id });
      return rows.length > 0;
    },

    /** The end of a live job (a stopped one keeps its state). */
    async finish(
      id: number,
      end: { state: 'done' | 'failed'; result?: unknown; failure?: string | null },
      at: Date,
    ) {
      await db
        .update(bookJobs)
        .set({ ...end, updatedAt: at })
        .where(and(eq(bookJobs.id, id), inArray(bookJobs.state, LIVE)));
    },

    /** Stops a live job of the user's; the state it is in afterwards (undefined: not theirs). */
    async cancel(id: number, userId: number, at: Date): Promise<string | undefined> {
      await db
        .update(bookJobs)
        .set({ state: 'cancelled', updatedAt: at })
        .where(
          and(eq(bookJobs.id, id), eq(bookJobs.userId, userId), inArray(bookJobs.state, LIVE)),
        );
      const [row] = await db
        .select({ state: bookJobs.state })
        .from(bookJobs)
        .where(and(eq(bookJobs.id, id), eq(bookJobs.userId, userId)));
      return row?.state;
    },

    async balance(userId: number): Promise<number> {
      const [row] = await db
        .select({ credits: users.credits })
        .from(users)
        .where(eq(users.id, userId));
      return row?.credits ?? 0;
    },

    /** One call's usage recorded, its credits taken and added to the job's, in one transaction. */
    async charge(jobId: number, c: JobCharge) {
      await db.transaction(async (tx) => {
        await tx.insert(usageEvents).values({
          userId: c.userId,
          kind: 'chat',
          provider: c.provider,
          model: c.model,
          tokensIn: c.tokensIn,
          tokensCached: c.tokensCached,
          tokensOut: c.tokensOut,
          at: c.at,
        });
        if (c.cost > 0) {
          await tx
            .update(users)
            .set({ credits: sql`${users.credits} - ${c.cost}` })
            .where(eq(users.id, c.userId));
          await tx
            .update(bookJobs)
            .set({ charged: sql`${bookJobs.charged} + ${c.cost}` })
            .where(eq(bookJobs.id, jobId));
        }
      });
    },
  };
}
