import { asc, eq } from 'drizzle-orm';
import type { ParsedInput } from '../../protocol/registry.ts';
import type { Deps } from '../deps.ts';
import { categories } from '../db/schema.ts';
import type { Ctx } from '../rpc/context.ts';

export function categoriesService(deps: Deps) {
  return {
    async getCategories(input: ParsedInput<'GetCategories'>, ctx: Ctx) {
      const lang = input.lang ?? ctx.lang;
      const rows = await deps.db
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(eq(categories.lang, lang))
        .orderBy(asc(categories.id));
      return { categories: rows };
    },
  };
}
