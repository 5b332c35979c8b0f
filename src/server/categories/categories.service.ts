import type { ParsedInput } from '../../protocol/registry.ts';
import type { Deps } from '../deps.ts';
import type { Ctx } from '../rpc/context.ts';
import { categoriesRepo } from './categories.repo.ts';

export function categoriesService(deps: Deps) {
  const repo = categoriesRepo(deps.db);
  return {
    async getCategories(input: ParsedInput<'GetCategories'>, ctx: Ctx) {
      return { categories: await repo.list(input.lang ?? ctx.lang) };
    },
  };
}
