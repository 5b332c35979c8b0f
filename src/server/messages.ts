import type { Lang } from '../protocol/errors.ts';
import { billingMessages } from './messages/billing.ts';
import { bookDraftMessages } from './messages/book-draft.ts';
import { cardsMessages } from './messages/cards.ts';
import { chatMessages } from './messages/chat.ts';
import { friendsMessages } from './messages/friends.ts';
import { generalMessages } from './messages/general.ts';
import { insightMessages } from './messages/insight.ts';
import { knowledgeMessages } from './messages/knowledge.ts';
import { mediaMessages } from './messages/media.ts';
import { validationMessages } from './messages/validation.ts';

/**
 * Every server-side text in both languages, one table per domain under `messages/`; `msg` is
 * the one way to word them. A refusal names its key (`refusal()` in errors.ts) and the
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
