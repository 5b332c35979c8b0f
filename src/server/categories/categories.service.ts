import type { ParsedInput } from '../../protocol/registry.ts';
import type { Repos } from '../repos.ts';
import type { Ctx } from '../rpc/context.ts';

export function categoriesService(repos: Pick<Repos, 'categories'>) {
  const repo = repos.categories;
  return {
    async getCategories(input: ParsedInput<'GetCategories'>, ctx: Ctx) {
      return { categories: await repo.list(input.lang ?? ctx.lang) };
    },
  };
}
