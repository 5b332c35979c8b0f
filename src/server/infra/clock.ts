export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** For tests: time moves only when told. */
export function manualClock(start = new Date('2026-01-01T10:00:00Z')) {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms;
    },
  };
}
