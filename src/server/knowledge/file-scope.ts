import { friendTypeTraits, Priv } from '../../protocol/constants.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { refusal } from '../errors.ts';
import { requireFriend } from '../friends/friend-access.ts';
import type { FriendRow, FriendsRepo } from '../friends/friends.repo.ts';
import type { SessionUser } from '../rpc/context.ts';
import type { FileScope } from './files.repo.ts';

/**
 * Helpers and editors: the chat offers their files to everyone who may talk to them (spec
 * part 2 §6), so a user who may not edit one keeps personal files on it.
 */
export const hasPersonalFiles = (friend: FriendRow): boolean =>
  friendTypeTraits(friend.friendtype).files;

export interface FileAccess {
  friend: FriendRow;
  scope: FileScope;
  personal: boolean;
}

/**
 * The first line of every file call. Editors work on the character's shared files; a user
 * who may view a helper or editor character but not edit it works on their own personal
 * files on it; anyone else is refused as before (strangers learn nothing of the character).
 */
export async function requireFileScope(
  friends: FriendsRepo,
  friendid: string,
  user: SessionUser,
): Promise<FileAccess> {
  const { friend, priv } = await requireFriend(friends, friendid, user, 'view');
  if (priv === Priv.edit) {
    return { friend, scope: { friendRowId: friend.id, ownerId: null }, personal: false };
  }
  if (!hasPersonalFiles(friend)) {
    throw refusal(ErrorCode.FORBIDDEN, 'noEditPermission');
  }
  return { friend, scope: { friendRowId: friend.id, ownerId: user.id }, personal: true };
}
