import { Priv } from '../../protocol/constants.ts';
import type { ChatMessage } from '../../protocol/actions/chat.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { refusal } from '../errors.ts';
import { privWith } from '../friends/friend-access.ts';
import type { FriendRow, FriendsRepo } from '../friends/friends.repo.ts';
import { formatTime } from '../../protocol/time.ts';
import { msg } from '../wording.ts';
import type { Ctx, SessionUser } from '../rpc/context.ts';
import type { ChatRepo, MessageRow, SubjectRow, TurnSubject } from './chat.repo.ts';
import { parseMarkers } from './markers.ts';
import { macroNames, replaceMacros } from '../friends/macros.ts';

/** The character and the caller's level on it; a caller with no right to watch is refused. */
export async function openFriend(friends: FriendsRepo, friendid: string, user: SessionUser) {
  // The character and the caller's access-list entry in one round trip.
  return openedFriend(await friends.byFriendIdFor(friendid, user.email), user);
}

/** openFriend's decision on the row already read (AskFriend reads it with the subject). */
export function openedFriend(
  row: Awaited<ReturnType<FriendsRepo['byFriendIdFor']>>,
  user: SessionUser,
) {
  if (!row) throw refusal(ErrorCode.NOT_FOUND, 'friendNotFound');
  const priv = privWith(row.friend, user, row.access);
  if (priv === Priv.none) throw refusal(ErrorCode.FORBIDDEN, 'noWatchPermission');
  return {
    friend: row.friend,
    ownerEmail: row.ownerEmail ?? '',
    ownerName: row.ownerName ?? '',
    priv,
  };
}

/** Who a conversation is with: the reader's id, and the name the greeting calls them by. */
export type Reader = Pick<SessionUser, 'id' | 'fullname'>;

/**
 * A new subject starts with the character's first message, with the reader's and the
 * character's names put in (friends/macros.ts): the character keeps `{{user}}` as written,
 * the conversation holds what this reader was told.
 */
export async function createSubjectWithGreeting(
  repo: ChatRepo,
  reader: Reader,
  friend: FriendRow,
  name: string,
  lang: 'he' | 'en',
) {
  const { subject, created } = await repo.createSubject(reader.id, friend.id, name);
  // A subject made just now is empty; one that existed (a reset clears it) may not be.
  const empty = created || (await repo.page(subject.id, 1)).rows.length === 0;
  if (empty && friend.firstprompt.trim()) {
    await repo.insertMessage({
      subjectId: subject.id,
      role: 'assistant',
      content: replaceMacros(friend.firstprompt, macroNames(reader, friend, lang)),
      speaker: friend.friendname,
    });
  }
  return subject;
}

/**
 * The subject named (created if new and `create`), or the caller's most recent one, or a
 * fresh default subject.
 */
export async function resolveSubject(
  repo: ChatRepo,
  reader: Reader,
  friend: FriendRow,
  name: string | undefined,
  ctx: Ctx,
  create = true,
): Promise<SubjectRow> {
  const wanted = name?.trim();
  if (wanted) {
    const found = await repo.subjectByName(reader.id, friend.id, wanted);
    if (found) return found;
    if (!create) throw refusal(ErrorCode.NOT_FOUND, 'subjectNotFound');
    return createSubjectWithGreeting(repo, reader, friend, wanted, ctx.lang);
  }
  const [latest] = await repo.listSubjects(reader.id, friend.id);
  return (
    latest ??
    createSubjectWithGreeting(repo, reader, friend, msg('defaultSubject', ctx.lang), ctx.lang)
  );
}

/** A stored status as the protocol names it. */
export function replyStatus(status: string): ChatMessage['status'] {
  return status === 'streaming' || status === 'failed' || status === 'stopped' ? status : 'done';
}

/** A message the conversation goes on from: finished, or stopped by the asker (its text stands). */
export const inHistory = (m: MessageRow) =>
  (m.status === 'done' || m.status === 'stopped') && !m.hidden && m.chosen;

/**
 * Adds "answer n of total" to the answers in `chat` that were regenerated: `groups` holds
 * the answers of their groups (repo.variantGroups), oldest first.
 */
export function withVariants(
  chat: ChatMessage[],
  rows: MessageRow[],
  groups: { id: number; variantOf: number | null }[],
): ChatMessage[] {
  const byKey = new Map<number, number[]>();
  for (const g of groups) {
    const key = g.variantOf ?? g.id;
    byKey.set(key, [...(byKey.get(key) ?? []), g.id]);
  }
  return chat.map((m) => {
    const row = rows.find((r) => r.id === m.id);
    const ids = row ? byKey.get(row.variantOf ?? row.id) : undefined;
    if (!ids || ids.length < 2) return m;
    return { ...m, variant: ids.indexOf(m.id) + 1, variants: ids.length, variantids: ids };
  });
}

/** The group keys of the answers among `rows` (for repo.variantGroups). */
export const variantKeys = (rows: MessageRow[]) => [
  ...new Set(rows.filter((r) => r.role === 'assistant').map((r) => r.variantOf ?? r.id)),
];

export function toChatMessage(
  m: MessageRow,
  showModel: boolean,
  cost?: (m: MessageRow) => number,
): ChatMessage {
  return {
    id: m.id,
    role: m.role === 'user' ? 'user' : 'assistant',
    tm: formatTime(m.createdAt),
    message: m.content,
    speaker: m.speaker,
    img: m.img,
    ...(showModel && m.model ? { model: m.model } : {}),
    ...(showModel && cost && m.role === 'assistant' && m.status === 'done'
      ? { credits: cost(m) }
      : {}),
    status: replyStatus(m.status),
    ...(m.error ? { error: m.error } : {}),
    ...(m.model === 'offline' ? { offline: 1 } : {}),
    ...(m.citations?.length ? { citations: m.citations } : {}),
  };
}

/** The finished reply as AskFriend answers it (and the last event of its stream carries). */
export function toAnswer(
  m: MessageRow,
  subject: TurnSubject,
  showModel: boolean,
  failText: string,
) {
  const markers = parseMarkers(m.content);
  const failed = m.status === 'failed';
  return {
    replyid: m.id,
    message: m.content,
    tm: formatTime(m.createdAt),
    speaker: m.speaker,
    status: failed
      ? ('failed' as const)
      : m.status === 'stopped'
        ? ('stopped' as const)
        : ('done' as const),
    ...(failed ? { error: failText } : {}),
    ...(showModel ? { model: m.model } : {}),
    offline: m.model === 'offline' ? 1 : 0,
    subject: subject.name,
    markers,
    ...(m.citations?.length ? { citations: m.citations } : {}),
  };
}
