import { useCallback, useLayoutEffect, useSyncExternalStore } from 'react';
import { storage } from '../../shared/storage/storage.ts';
import { useStored } from '../../shared/storage/use-stored.ts';

// Which character's stored choice has been checked (one chat screen is shown at a time).
let checkedFor: string | null = null;
const listeners = new Set<() => void>();
function setChecked(friendid: string | null) {
  checkedFor = friendid;
  listeners.forEach((fn) => fn());
}
function subscribe(fn: () => void) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/**
 * Which subject the chat shows (spec part 2 §4), kept in the `subject` key: switching to
 * another character clears it (and the `detailsfor` of the previous one). The full chat
 * remembers the character in `friendid`; minchat and the editor popup do not. A
 * `detailsfor` route parameter is stored for AskFriend and forces its own subject.
 */
export function useChatSession(
  friendid: string,
  { detailsfor, remember }: { detailsfor?: string | undefined; remember: boolean },
) {
  const ready = useSyncExternalStore(subscribe, () => checkedFor === friendid);
  const stored = useStored('subject');

  // Before the first paint and before any query: the stored choice must be this character's.
  useLayoutEffect(() => {
    if (storage.get('friendid') !== friendid) {
      storage.remove('subject');
      storage.remove('detailsfor');
    }
    if (remember) storage.set('friendid', friendid);
    if (detailsfor) {
      storage.set('detailsfor', detailsfor);
      storage.set('subject', detailsfor);
    }
    setChecked(friendid);
    return () => setChecked(null);
  }, [friendid, detailsfor, remember]);

  const setSubject = useCallback((name: string | null) => storage.set('subject', name), []);
  return {
    /** The stored choice has been checked against this character. */
    ready,
    /** null: none chosen yet (the server opens the most recent one). */
    subject: ready ? stored : null,
    setSubject,
    /** The subject the route forces (placed first in the list). */
    forced: detailsfor ?? null,
  };
}
