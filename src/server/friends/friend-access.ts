import type { SessionUser } from '../rpc/context.ts';
import type { FriendRow, FriendsRepo } from './friends.repo.ts';

/** 0 edit, 1 view, 2 none: the spec's CheckEditPriv levels. */
export type FriendPriv = 0 | 1 | 2;

/**
 * What a caller may do with a character: owners, editors on the access list and holders of
 * the global privilege edit; anyone on the list views; public characters are seen by all.
 */
export async function friendPriv(
  repo: FriendsRepo,
  friend: FriendRow,
  user: SessionUser | null,
): Promise<FriendPriv> {
  if (user) {
    if (user.globalpriv || (friend.ownerId !== null && friend.ownerId === user.id)) return 0;
    const entry = await repo.accessFor(friend.id, user.email);
    if (entry) return entry.editpriv === 1 ? 0 : 1;
  }
  return friend.publicfriend === 1 ? 1 : 2;
}
