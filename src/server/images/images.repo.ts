import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { images } from '../db/schema.ts';

export type ImageRow = typeof images.$inferSelect;

export function imagesRepo(db: Db) {
  return {
    async listByOwner(userId: number): Promise<ImageRow[]> {
      return db
        .select()
        .from(images)
        .where(eq(images.owner, userId))
        .orderBy(desc(images.tm), desc(images.num));
    },

    async byNum(num: number): Promise<ImageRow | undefined> {
      const [row] = await db.select().from(images).where(eq(images.num, num));
      return row;
    },

    async byOwnerAndName(userId: number, name: string): Promise<ImageRow | undefined> {
      const [row] = await db
        .select()
        .from(images)
        .where(and(eq(images.owner, userId), eq(images.image, name)));
      return row;
    },

    async remove(num: number): Promise<void> {
      await db.delete(images).where(eq(images.num, num));
    },
  };
}

export type ImagesRepo = ReturnType<typeof imagesRepo>;
