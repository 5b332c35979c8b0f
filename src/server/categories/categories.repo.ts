import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { categories } from '../db/schema.ts';

export function categoriesRepo(db: Db) {
  return {
    /** Every category of every language. */
    all: () => db.select().from(categories),
    /** The categories of one language, in their order. */
    list: (lang: string) =>
      db
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(eq(categories.lang, lang))
        .orderBy(asc(categories.id)),
  };
}
