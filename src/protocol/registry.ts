import type { z } from 'zod';
import type { StreamDecl } from './streams.ts';
import { accessListActions } from './actions/access-list.ts';
import { analyticsActions } from './actions/analytics.ts';
import { authActions } from './actions/auth.ts';
import { billingActions } from './actions/billing.ts';
import { bookDraftActions } from './actions/book-draft.ts';
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
  ...bookDraftActions,
};

export type Actions = typeof actions;
export type ActionName = keyof Actions;
export type ActionInput<A extends ActionName> = z.input<Actions[A]['input']>;
export type ParsedInput<A extends ActionName> = z.output<Actions[A]['input']>;
export type ActionOutput<A extends ActionName> = z.output<Actions[A]['output']>;

/** The actions whose entry declares a stream (`stream: streamOf<…>(…)`). */
export type StreamActionName = {
  [A in ActionName]: Actions[A]['stream'] extends infer S
    ? [Exclude<S, undefined>] extends [never]
      ? never
      : A
    : never;
}[ActionName];
/** The events a streaming action sends before `done`, as its entry declares them. */
export type StreamEvents<A extends StreamActionName> =
  Exclude<Actions[A]['stream'], undefined> extends StreamDecl<infer E> ? E : never;

/** The actions that send a level as `Error` with their answer (`errorFrom`, CheckEditPriv). */
export type LevelActionName = {
  [A in ActionName]: Actions[A]['errorFrom'] extends infer E
    ? [Exclude<E, undefined>] extends [never]
      ? never
      : A
    : never;
}[ActionName];

export const actionNames = Object.keys(actions) as ActionName[];

export function isActionName(name: unknown): name is ActionName {
  return typeof name === 'string' && Object.hasOwn(actions, name);
}
