import { friendTypeTraits, Priv } from '../../protocol/constants.ts';
import { ErrorCode, type Lang } from '../../protocol/errors.ts';
import { AppError } from '../errors.ts';
import { requireFriend } from '../friends/friend-access.ts';
import type { FriendRow, FriendsRepo } from '../friends/friends.repo.ts';
import { msg } from '../messages.ts';
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
  lang: Lang,
): Promise<FileAccess> {
  const { friend, priv } = await requireFriend(friends, friendid, user, 'view', lang);
  if (priv === Priv.edit) {
    return { friend, scope: { friendRowId: friend.id, ownerId: null }, personal: false };
  }
  if (!hasPersonalFiles(friend)) {
    throw new AppError(ErrorCode.FORBIDDEN, msg('noEditPermission', lang));
  }
  return { friend, scope: { friendRowId: friend.id, ownerId: user.id }, personal: true };
}
