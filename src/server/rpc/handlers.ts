import { accessHandlers } from '../access/access.handlers.ts';
import { authHandlers } from '../auth/auth.handlers.ts';
import { billingHandlers } from '../billing/billing.handlers.ts';
import { bookDraftHandlers } from '../book-draft/book-draft.handlers.ts';
import { chatHandlers } from '../chat/chat.handlers.ts';
import { memoryHandlers } from '../chat/memory.handlers.ts';
import { friendsHandlers } from '../friends/friends.handlers.ts';
import { groupHandlers } from '../group/group.handlers.ts';
import { historyHandlers } from '../history/history.handlers.ts';
import { statsHandlers } from '../stats/stats.handlers.ts';
import { studioHandlers } from '../friends/studio.handlers.ts';
import { imagesHandlers } from '../images/images.handlers.ts';
import { knowledgeHandlers } from '../knowledge/knowledge.handlers.ts';
import type { Services } from '../services.ts';
import { usersHandlers } from '../users/users.handlers.ts';
import { pushHandlers } from '../push/push.handlers.ts';
import { analyticsHandlers } from '../analytics/analytics.handlers.ts';
import { readingHandlers } from '../reading/reading.handlers.ts';
import type { HandlerMap } from './handler-types.ts';

export function createHandlers(s: Services): HandlerMap {
  return {
    ...authHandlers(s),
    ...usersHandlers(s),
    ...friendsHandlers(s),
    ...studioHandlers(s),
    ...accessHandlers(s),
    ...knowledgeHandlers(s),
    ...imagesHandlers(s),
    ...chatHandlers(s),
    ...memoryHandlers(s),
    ...groupHandlers(s),
    ...historyHandlers(s),
    ...statsHandlers(s),
    ...billingHandlers(s),
    ...pushHandlers(s),
    ...analyticsHandlers(s),
    ...readingHandlers(s),
    ...bookDraftHandlers(s),
  };
}
