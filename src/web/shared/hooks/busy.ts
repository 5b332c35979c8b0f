import { useSyncExternalStore } from 'react';

/**
 * A counter of work in progress that blocks the page (spec: full-screen 'Please wait...').
 * Anyone may start and end work; the shell only reads whether the count is above zero.
 */
let count = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((fn) => fn());

/** Starts one unit of busy work; the returned function ends it (calling it twice is harmless). */
export function beginBusy(): () => void {
  count += 1;
  notify();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    count -= 1;
    notify();
  };
}

/** Runs `work` with the busy screen shown. */
export async function withBusy<T>(work: () => Promise<T>): Promise<T> {
  const end = beginBusy();
  try {
    return await work();
  } finally {
    end();
  }
}

function subscribe(fn: () => void) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function useIsBusy(): boolean {
  return useSyncExternalStore(subscribe, () => count > 0);
}
