import { accessRepo } from './access/access.repo.ts';
import { analyticsRepo } from './analytics/analytics.repo.ts';
import { authRepo } from './auth/auth.repo.ts';
import { billingRepo } from './billing/billing.repo.ts';
import { categoriesRepo } from './categories/categories.repo.ts';
import { chatRepo } from './chat/chat.repo.ts';
import { memoryFactsRepo } from './chat/memory-facts.repo.ts';
import type { Db } from './db/client.ts';
import { friendsRepo } from './friends/friends.repo.ts';
import { auditRepo } from './history/audit.repo.ts';
import { historyRepo } from './history/history.repo.ts';
import { imagesRepo } from './images/images.repo.ts';
import { knowledgeRepo } from './knowledge/knowledge.repo.ts';
import { pushRepo } from './push/push.repo.ts';
import { readingRepo } from './reading/reading.repo.ts';
import { rollupRepo } from './stats/rollup.repo.ts';
import { statsRepo } from './stats/stats.repo.ts';
import { usersRepo } from './users/users.repo.ts';
import { speechCacheRepo } from './voice/speech-cache.repo.ts';

/**
 * The repositories, built once on the database and handed to the services (createServices),
 * so that a service can be tested with fakes in their place. A service names the ones it uses
 * with `Pick<Repos, ...>`.
 */
export function createRepos(db: Db) {
  return { ...reposOn(db), transaction: transactionOn(db) };
}

/** Runs `work` in one transaction, with every repository on it. */
function transactionOn(db: Db) {
  return <T>(work: (repos: ReturnType<typeof reposOn>) => Promise<T>): Promise<T> =>
    db.transaction((tx) => work(reposOn(tx)));
}

function reposOn(db: Db) {
  return {
    access: accessRepo(db),
    analytics: analyticsRepo(db),
    audit: auditRepo(db),
    auth: authRepo(db),
    billing: billingRepo(db),
    categories: categoriesRepo(db),
    chat: chatRepo(db),
    friends: friendsRepo(db),
    history: historyRepo(db),
    images: imagesRepo(db),
    knowledge: knowledgeRepo(db),
    memoryFacts: memoryFactsRepo(db),
    push: pushRepo(db),
    reading: readingRepo(db),
    rollup: rollupRepo(db),
    speechCache: speechCacheRepo(db),
    stats: statsRepo(db),
    users: usersRepo(db),
  };
}

export type Repos = ReturnType<typeof createRepos>;
