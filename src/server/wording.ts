import type { Lang } from '../protocol/errors.ts';
import { billingMessages } from './wording/billing.ts';
import { bookDraftMessages } from './wording/book-draft.ts';
import { cardsMessages } from './wording/cards.ts';
import { chatMessages } from './wording/chat.ts';
import { friendsMessages } from './wording/friends.ts';
import { generalMessages } from './wording/general.ts';
import { insightMessages } from './wording/insight.ts';
import { knowledgeMessages } from './wording/knowledge.ts';
import { mediaMessages } from './wording/media.ts';
import { validationMessages } from './wording/validation.ts';

/**
 * The wording of everything the server says to a reader (refusals, notes, names it gives),
 * in both languages, one table per domain under `wording/` (named so, not "messages": in this
 * product a message is a chat message); `msg` is the one way to word them. A refusal names its key (`refusal()` in errors.ts) and the
 * dispatcher words it in the caller's language.
 */
export const messageTables = {
  general: generalMessages,
  friends: friendsMessages,
  cards: cardsMessages,
  chat: chatMessages,
  knowledge: knowledgeMessages,
  media: mediaMessages,
  billing: billingMessages,
  bookDraft: bookDraftMessages,
  insight: insightMessages,
  validation: validationMessages,
};

const messages = {
  ...generalMessages,
  ...friendsMessages,
  ...cardsMessages,
  ...chatMessages,
  ...knowledgeMessages,
  ...mediaMessages,
  ...billingMessages,
  ...bookDraftMessages,
  ...insightMessages,
  ...validationMessages,
} satisfies Record<string, Record<Lang, string>>;

export type MessageKey = keyof typeof messages;

/** The variables a message's `{name}` places are filled from. */
export type MessageVars = Record<string, string>;

/** A text with its `{name}` places filled from `vars` (missing ones left empty). */
export function fillText(text: string, vars: MessageVars = {}): string {
  return text.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? '');
}

export function msg(key: MessageKey, lang: Lang, vars: MessageVars = {}): string {
  return fillText(messages[key][lang], vars);
}
