import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../../shared/api/call-or-throw.ts';
import { idNeedsCheck } from '../form.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export type IdStatus =
  /** Saved already: the id is read-only. */
  | 'locked'
  | 'empty'
  /** Too short to ask about (2 characters or fewer). */
  | 'short'
  | 'checking'
  | 'unique'
  /** Exists; the user may edit it (open it instead). */
  | 'taken'
  /** Exists and the user has no permission on it. */
  | 'takenNoPerm'
  | 'error';

const DEBOUNCE_MS = 300;

/** Uniqueness of a new character's id (UniqueFriendId, then FriendExists when taken). */
export function useIdCheck(friendid: string, exists: boolean): IdStatus {
  const [settled] = useDebouncedValue(friendid, DEBOUNCE_MS);
  const query = useQuery({
    queryKey: queryKeys.studio.idCheck(settled),
    enabled: !exists && idNeedsCheck(settled),
    staleTime: 5_000,
    queryFn: async (): Promise<IdStatus> => {
      const u = await callOrThrow('UniqueFriendId', { friendid: settled });
      if (u.unique === 1) return 'unique';
      const e = await callOrThrow('FriendExists', { friendid: settled });
      return e.exists === 1 && e.canedit !== 1 ? 'takenNoPerm' : 'taken';
    },
  });
  if (exists) return 'locked';
  if (!friendid) return 'empty';
  if (!idNeedsCheck(friendid)) return 'short';
  if (settled !== friendid || query.isPending) return 'checking';
  if (query.isError) return 'error';
  return query.data;
}
