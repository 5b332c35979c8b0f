import { useSyncExternalStore } from 'react';
import { storage, type StoredKey, type StoredValues } from './storage.ts';

/** A stored value that re-renders the component when it changes (this tab or another). */
export function useStored<K extends StoredKey>(key: K): StoredValues[K] | null {
  return useSyncExternalStore(storage.subscribe, () => storage.get(key));
}
