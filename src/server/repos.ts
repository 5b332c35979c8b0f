import { accessRepo } from './access/access.repo.ts';
import { analyticsRepo } from './analytics/analytics.repo.ts';
import { authRepo } from './auth/auth.repo.ts';
import { billingRepo } from './billing/billing.repo.ts';
import { bookDraftRepo } from './book-draft/book-draft.repo.ts';
import { categoriesRepo } from './categories/categories.repo.ts';
import { chatRepo } from './chat/chat.repo.ts';
import { memoryFactsRepo } from './chat/memory-facts.repo.ts';
import { chatSearchRepo } from './chat/search.repo.ts';
import type { Db } from './db/client.ts';
import { friendsRepo } from './friends/friends.repo.ts';
import { groupRepo } from './group/group.repo.ts';
import { auditRepo } from './history/audit.repo.ts';
import { historyRepo } from './history/history.repo.ts';
import { imagesRepo } from './images/images.repo.ts';
import { chunksRepo } from './knowledge/chunks.repo.ts';
import { filesRepo } from './knowledge/files.repo.ts';
import { googleRepo } from './knowledge/google.repo.ts';
import { knowledgeRepo } from './knowledge/knowledge.repo.ts';
import { vectorsRepo } from './knowledge/vectors.repo.ts';
import { pushRepo } from './push/push.repo.ts';
import { fileChaptersRepo } from './reading/file-chapters.repo.ts';
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
    bookDraft: bookDraftRepo(db),
    categories: categoriesRepo(db),
    chat: chatRepo(db),
    chatSearch: chatSearchRepo(db),
    chunks: chunksRepo(db),
    fileChapters: fileChaptersRepo(db),
    files: filesRepo(db),
    friends: friendsRepo(db),
    google: googleRepo(db),
    group: groupRepo(db),
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
    vectors: vectorsRepo(db),
  };
}

export type Repos = ReturnType<typeof createRepos>;
