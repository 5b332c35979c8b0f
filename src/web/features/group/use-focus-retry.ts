import { useEffect, type RefObject } from 'react';

/** Spec part 2 §9: multichat retries focusing its input, 300 ms more each time, up to 10 s. */
export const FOCUS_STEP_MS = 300;
export const FOCUS_MAX_MS = 10_000;

/** Focuses the input once it can take focus (skipped on mobile, where it opens the keyboard). */
export function useFocusRetry(
  ref: RefObject<HTMLTextAreaElement | null>,
  ready: boolean,
  desktop: boolean,
) {
  useEffect(() => {
    if (!ready || !desktop) return;
    let delay = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = () => {
      const el = ref.current;
      if (el && !el.disabled) el.focus();
      if (el && document.activeElement === el) return;
      delay += FOCUS_STEP_MS;
      if (delay <= FOCUS_MAX_MS) timer = setTimeout(attempt, delay);
    };
    attempt();
    return () => clearTimeout(timer);
  }, [ref, ready, desktop]);
}
