import type { GroupMessage } from '../../protocol/actions/group.ts';
import type { FriendRow } from '../friends/friends.repo.ts';
import { formatTime } from '../../protocol/time.ts';
import type { Member } from './director.ts';
import type { GroupMessageRow } from './group.repo.ts';

/** Group rows as the protocol shows them. */
export type Joined = { m: GroupMessageRow; friendid: string | null; image: string | null };

export const groupReplyTopic = (replyId: number) => `group-reply.${replyId}`;

export function toMember(f: FriendRow): Member {
  return {
    friendid: f.friendid,
    friendname: f.friendname,
    description: f.description,
    personality: f.personality,
    background: f.background,
    model: f.model,
  };
}

export function toMessage(j: Joined): GroupMessage {
  const m = j.m;
  return {
    id: m.id,
    role: m.role === 'user' ? 'user' : 'assistant',
    tm: formatTime(m.createdAt),
    message: m.content,
    speaker: m.speaker,
    friendid: j.friendid ?? '',
    image: j.image ?? '',
    status: m.status === 'streaming' ? 'streaming' : m.status === 'failed' ? 'failed' : 'done',
    ...(m.error ? { error: m.error } : {}),
    ...(m.model === 'offline' ? { offline: 1 } : {}),
  };
}

export function toAnswer(m: GroupMessageRow, friendid: string, image: string, failText: string) {
  const failed = m.status !== 'done';
  return {
    replyid: m.id,
    friendid,
    message: m.content,
    tm: formatTime(m.createdAt),
    image,
    speaker: m.speaker,
    status: failed ? ('failed' as const) : ('done' as const),
    ...(failed ? { error: m.error || failText } : {}),
    offline: m.model === 'offline' ? 1 : 0,
  };
}
