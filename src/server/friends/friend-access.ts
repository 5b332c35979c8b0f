import { EditPriv, Priv } from '../../protocol/constants.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { refusal } from '../errors.ts';
import type { SessionUser } from '../rpc/context.ts';
import type { FriendRow, FriendsRepo } from './friends.repo.ts';

/** The spec's CheckEditPriv levels (Priv: edit, view, none). */
export type FriendPriv = Priv;

/**
 * What a caller may do with a character: owners, editors on the access list and holders of
 * the global privilege edit; anyone on the list views; public characters are seen by all.
 */
export async function friendPriv(
  repo: Pick<FriendsRepo, 'accessFor'>,
  friend: FriendRow,
  user: SessionUser | null,
): Promise<FriendPriv> {
  if (user && !user.globalpriv && !isOwner(friend, user))
    return privWith(friend, user, await repo.accessFor(friend.id, user.email));
  return privWith(friend, user, undefined);
}

/** friendPriv with the caller's access-list entry already read (or none). */
export function privWith(
  friend: FriendRow,
  user: SessionUser | null,
  entry: { editpriv: number } | null | undefined,
): FriendPriv {
  if (user) {
    if (user.globalpriv || isOwner(friend, user)) return Priv.edit;
    if (entry) return entry.editpriv === EditPriv.edit ? Priv.edit : Priv.view;
  }
  return friend.publicfriend === 1 ? Priv.view : Priv.none;
}

export function isOwner(friend: FriendRow, user: SessionUser): boolean {
  return friend.ownerId !== null && friend.ownerId === user.id;
}

/** Owners and holders of the global privilege manage the character itself (delete, sharing). */
export function canManage(friend: FriendRow, user: SessionUser): boolean {
  return user.globalpriv || isOwner(friend, user);
}

export interface FriendAccess {
  friend: FriendRow;
  priv: FriendPriv;
}

/**
 * The first line of every service that touches one character: loads it by id (any case) and
 * refuses unless the caller may `view` or `edit` it. A stranger learns no more than that the
 * id is taken (which UniqueFriendId tells anyone anyway).
 *
 * The refusals are keyed: whoever answers the caller words them in the caller's language.
 */
export async function requireFriend(
  repo: Pick<FriendsRepo, 'byFriendId' | 'accessFor'>,
  friendid: string,
  user: SessionUser,
  need: 'view' | 'edit',
): Promise<FriendAccess> {
  const row = await repo.byFriendId(friendid);
  if (!row) throw refusal(ErrorCode.NOT_FOUND, 'friendNotFound');
  const priv = await friendPriv(repo, row.friend, user);
  if (priv === Priv.none) throw refusal(ErrorCode.FORBIDDEN, 'friendNoAccess');
  if (need === 'edit' && priv !== Priv.edit) throw refusal(ErrorCode.FORBIDDEN, 'noEditPermission');
  return { friend: row.friend, priv };
}
