import { accessService } from './access/access.service.ts';
import { billingService } from './billing/billing.service.ts';
import { bookDraftService } from './book-draft/book-draft.service.ts';
import { authService } from './auth/auth.service.ts';
import { sessionCache } from './auth/session-cache.ts';
import { categoriesService } from './categories/categories.service.ts';
import { chatService } from './chat/chat.service.ts';
import { subjectsService } from './chat/subjects.service.ts';
import { chatSearchService } from './chat/search.service.ts';
import type { Deps } from './deps.ts';
import { friendsService } from './friends/friends.service.ts';
import { groupService } from './group/group.service.ts';
import { historyService } from './history/history.service.ts';
import { statsService } from './stats/stats.service.ts';
import { studioService } from './friends/studio.service.ts';
import { designerService } from './images/designer.service.ts';
import { generationService } from './images/generation.service.ts';
import { imagesService } from './images/images.service.ts';
import { cardsService } from './cards/cards.service.ts';
import { memoryFactsService } from './chat/memory-facts.service.ts';
import { filesService } from './knowledge/files.service.ts';
import { googleDocsService } from './knowledge/google-docs.service.ts';
import { defineEmbeddingJobs } from './knowledge/embedding-index.ts';
import { knowledgeService } from './knowledge/knowledge.service.ts';
import { usersService } from './users/users.service.ts';
import { voiceService } from './voice/voice.service.ts';
import { pushService } from './push/push.service.ts';
import { analyticsService } from './analytics/analytics.service.ts';
import { readingService } from './reading/reading.service.ts';
import { fileChaptersService } from './reading/file-chapters.service.ts';
import { createRepos } from './repos.ts';
import { defineDiscardJob } from './platform/discard.ts';

/**
 * The composition root of the domains: builds the repositories once and hands each service
 * the ones it uses (and the outside ports of `deps`).
 */
export function createServices(deps: Deps) {
  const repos = createRepos(deps.db);
  const knowledge = knowledgeService(deps, repos);
  // Passages get embeddings (the second retrieval signal) when an embedding model is set.
  defineEmbeddingJobs(deps, repos);
  // Each turn reads the passages of the character's books most relevant to the message,
  // and of the asking user's own files on it (never another user's).
  const chatDeps = {
    ...deps,
    retrieve: knowledge.passagesFor,
  };
  const chat = chatService(chatDeps, repos);
  const sessions = sessionCache(deps);
  const auth = authService(deps, repos, sessions);
  // Chat turns are metered like every other model call (the media ports record their own),
  // and their credits are taken in the same transaction as the usage row (billing).
  deps.domain.on('turn.finished', async (e) => {
    await deps.credits.chargeTurn({
      userId: e.userId,
      replyId: e.replyId,
      model: e.model,
      provider: deps.engine.resolver.resolve(e.model).provider,
      offline: e.offline,
      tokensIn: e.tokensIn,
      tokensCached: e.tokensCached,
      tokensOut: e.tokensOut,
    });
  });
  // Holds of turns that never finished (failed for good) go back to their users.
  const holdAgeMs = (deps.config.MODEL_REPLY_SECONDS + deps.config.SHUTDOWN_GRACE_SECONDS) * 2000;
  deps.jobs.define(
    'credit-holds-sweep',
    async () => {
      await deps.credits.releaseStale(holdAgeMs);
    },
    { retryLimit: 0 },
  );
  deps.jobs.schedule('credit-holds-sweep', '*/10 * * * *');
  // A turn's hold taken on an instance that died goes back at once, not after holdAgeMs.
  deps.instance.onDead('credit holds', (dead) => deps.credits.releaseDead(dead));
  // Expired sessions and used links are dead weight; replies cut off by a stopped server
  // are failed (retry shows) instead of looking alive.
  deps.jobs.define('auth-sweep', () => auth.sweep(), { retryLimit: 0 });
  // Stored files whose delete failed are deleted again (platform/discard.ts).
  defineDiscardJob(deps);
  deps.jobs.schedule('auth-sweep', '17 * * * *');
  const generation = generationService(deps, repos);
  const images = imagesService(deps, repos);
  return {
    sessions,
    chat,
    subjects: subjectsService(deps, repos, chat.runner),
    chatSearch: chatSearchService(repos),
    auth,
    users: usersService(deps, repos),
    friends: friendsService(deps, repos),
    categories: categoriesService(repos),
    studio: studioService(deps, repos),
    access: accessService(deps, repos),
    files: filesService(deps, repos),
    knowledge,
    googleDocs: googleDocsService(deps, repos, knowledge),
    images,
    cards: cardsService(deps, repos, images),
    memoryFacts: memoryFactsService(repos),
    generation,
    designer: designerService(deps, repos, generation),
    group: groupService(chatDeps, repos),
    history: historyService(repos),
    stats: statsService(deps, repos),
    voice: voiceService(deps, repos),
    billing: billingService(deps, repos),
    push: pushService(deps, repos),
    analytics: analyticsService(deps, repos),
    reading: readingService(deps, repos),
    fileChapters: fileChaptersService(deps, repos),
    bookDraft: bookDraftService(deps, repos),
  };
}

export type Services = ReturnType<typeof createServices>;
