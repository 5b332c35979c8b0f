import { and, desc, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { images, users } from '../db/schema.ts';

export type ImageRow = typeof images.$inferSelect;
export type NewImage = typeof images.$inferInsert;

export function imagesRepo(db: Db) {
  return {
    /** Newest first; `before` pages on from the last num seen. */
    async listByOwner(userId: number, opts: { before?: number; limit?: number } = {}) {
      return db
        .select()
        .from(images)
        .where(and(eq(images.owner, userId), opts.before ? lt(images.num, opts.before) : undefined))
        .orderBy(desc(images.num))
        .limit(opts.limit ?? 10_000);
    },

    async byNum(num: number): Promise<ImageRow | undefined> {
      const [row] = await db.select().from(images).where(eq(images.num, num));
      return row;
    },

    /** The caller's image (or reference picture) stored under `name`. */
    async byOwnerAndName(userId: number, name: string): Promise<ImageRow | undefined> {
      const [row] = await db
        .select()
        .from(images)
        .where(and(eq(images.owner, userId), or(eq(images.image, name), eq(images.refimg, name))))
        .limit(1);
      return row;
    },

    async remove(num: number): Promise<void> {
      await db.delete(images).where(eq(images.num, num));
    },

    async credits(userId: number) {
      const [row] = await db
        .select({ imgcredit: users.imgcredit, imgcreated: users.imgcreated })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? { imgcredit: 0, imgcreated: 0 };
    },

    /**
     * A new record, loading, paid with one of the owner's credits in the same transaction;
     * null (and nothing written) when no credit is left.
     */
    async createPaid(values: NewImage & { owner: number }): Promise<ImageRow | null> {
      return db.transaction(async (tx) => {
        const paid = await tx
          .update(users)
          .set({ imgcredit: sql`${users.imgcredit} - 1` })
          .where(and(eq(users.id, values.owner), gt(users.imgcredit, 0)))
          .returning({ id: users.id });
        if (!paid.length) return null;
        const [row] = await tx
          .insert(images)
          .values({ ...values, status: 'loading' })
          .returning();
        return row!;
      });
    },

    /** A failed record generated again, for one credit; null when none is left or it is not failed. */
    async retryPaid(num: number, owner: number, invalid: string): Promise<ImageRow | null> {
      const noCredit = new Error('no credit');
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .update(images)
            .set({ status: 'loading', image: '', error: null, gentime: 0 })
            .where(and(eq(images.num, num), eq(images.owner, owner), eq(images.image, invalid)))
            .returning();
          if (!row) return null;
          const paid = await tx
            .update(users)
            .set({ imgcredit: sql`${users.imgcredit} - 1` })
            .where(and(eq(users.id, owner), gt(users.imgcredit, 0)))
            .returning({ id: users.id });
          if (!paid.length) throw noCredit;
          return row;
        });
      } catch (err) {
        if (err === noCredit) return null;
        throw err;
      }
    },

    /** The generation's picture; counts it as created. False when the record is no longer loading. */
    async finish(num: number, set: { image: string; gentime: number; offline: boolean }) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(images)
          .set({ ...set, status: 'ready', error: null })
          .where(and(eq(images.num, num), eq(images.status, 'loading')))
          .returning();
        if (!row) return null;
        await tx
          .update(users)
          .set({ imgcreated: sql`${users.imgcreated} + 1` })
          .where(eq(users.id, row.owner));
        return row;
      });
    },

    /** A failed generation: 'Invalid image' with the reason, and the credit given back. */
    async fail(num: number, set: { image: string; error: string; gentime: number }) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(images)
          .set({ ...set, status: 'ready' })
          .where(and(eq(images.num, num), eq(images.status, 'loading')))
          .returning();
        if (!row) return null;
        await tx
          .update(users)
          .set({ imgcredit: sql`${users.imgcredit} + 1` })
          .where(eq(users.id, row.owner));
        return row;
      });
    },
  };
}
