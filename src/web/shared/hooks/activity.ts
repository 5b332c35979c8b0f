/**
 * Work the user is waiting on that a page reload would cut (an answer streaming in). The
 * app's update waits until none is open (features/pwa/safe-moment.ts).
 */
let open = 0;
const idleListeners = new Set<() => void>();

/** Starts one unit of such work; the returned function ends it (twice is harmless). */
export function beginActivity(): () => void {
  open += 1;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    open -= 1;
    if (open === 0) idleListeners.forEach((fn) => fn());
  };
}

export function hasActivity(): boolean {
  return open > 0;
}

/** Called each time the last open work ends; returns an unsubscribe. */
export function onActivityIdle(fn: () => void): () => void {
  idleListeners.add(fn);
  return () => idleListeners.delete(fn);
}
