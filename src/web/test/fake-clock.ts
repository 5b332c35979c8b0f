import { userEvent } from '@testing-library/user-event';
import { vi } from 'vitest';

/**
 * Fake timers that move only when the test moves them, and a user-event set up on them.
 *
 * Why not `vi.useFakeTimers({ shouldAdvanceTime: true })`: that clock also follows the real
 * one, so on a busy machine the seconds spent rendering and typing leak into it and a "not
 * yet at 19 s" turns into "already at 20 s". Testing Library advances fake timers itself
 * while `findBy*` and `waitFor` wait (50 ms a poll), but only Jest's: it looks for a global
 * `jest`. Vitest's clock is the same (@sinonjs/fake-timers), so a `jest` with
 * `advanceTimersByTime` is all it needs. The setup file restores real timers and globals
 * after each test.
 */
export function useFakeClock() {
  vi.useFakeTimers();
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  return userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
}
