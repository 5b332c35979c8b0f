import type { z } from 'zod';
import { accessListActions } from './actions/access-list.ts';
import { analyticsActions } from './actions/analytics.ts';
import { authActions } from './actions/auth.ts';
import { billingActions } from './actions/billing.ts';
import { chatActions } from './actions/chat.ts';
import { chatSearchActions } from './actions/chat-search.ts';
import { friendActions } from './actions/friends.ts';
import { groupActions } from './actions/group.ts';
import { historyActions } from './actions/history.ts';
import { statsActions } from './actions/stats.ts';
import { imageActions } from './actions/images.ts';
import { knowledgeActions } from './actions/knowledge.ts';
import { memoryActions } from './actions/memory.ts';
import { pushActions } from './actions/push.ts';
import { readingActions } from './actions/reading.ts';
import { studioActions } from './actions/studio.ts';
import { userActions } from './actions/users.ts';

/** Every action of the API. The server's handler map must cover it exactly. */
export const actions = {
  ...authActions,
  ...userActions,
  ...friendActions,
  ...studioActions,
  ...accessListActions,
  ...knowledgeActions,
  ...imageActions,
  ...chatActions,
  ...chatSearchActions,
  ...memoryActions,
  ...groupActions,
  ...historyActions,
  ...statsActions,
  ...billingActions,
  ...pushActions,
  ...analyticsActions,
  ...readingActions,
};

export type Actions = typeof actions;
export type ActionName = keyof Actions;
export type ActionInput<A extends ActionName> = z.input<Actions[A]['input']>;
export type ParsedInput<A extends ActionName> = z.output<Actions[A]['input']>;
export type ActionOutput<A extends ActionName> = z.output<Actions[A]['output']>;

export const actionNames = Object.keys(actions) as ActionName[];

export function isActionName(name: unknown): name is ActionName {
  return typeof name === 'string' && Object.hasOwn(actions, name);
}
