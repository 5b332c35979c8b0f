import type { Deps } from '../deps.ts';
import { knowledgeService } from '../knowledge/knowledge.service.ts';
import { createRepos } from '../repos.ts';

/**
 * The knowledge service on a test app's database, built as createServices builds it: for the
 * tests that ask for passages directly (the app answers no such action).
 */
export function knowledgeOn(deps: Deps) {
  return knowledgeService(deps, createRepos(deps.db));
}
