import { hasActivity, onActivityIdle } from '../../shared/hooks/activity.ts';

/** An editable field with text in it, where the user is: reloading would lose their words. */
function isTyping(doc: Document): boolean {
  const el = doc.activeElement as HTMLElement | null;
  if (!el) return false;
  if (el.isContentEditable) return (el.textContent ?? '').trim() !== '';
  if (el instanceof HTMLTextAreaElement) return el.value.trim() !== '';
  if (el instanceof HTMLInputElement) {
    const textual = ['text', 'search', 'email', 'url', 'tel', 'password', 'number', ''];
    return textual.includes(el.type) && el.value.trim() !== '';
  }
  return false;
}

/** Nothing would be lost by reloading now: no answer streaming, nobody typing. */
export function isSafeMoment(doc: Document = document): boolean {
  return !hasActivity() && !isTyping(doc);
}

/**
 * Runs `fn` once, at the first safe moment: now if it is one, else when the reason goes
 * away (the answer ends, the field is left or emptied, the tab is hidden). Event-driven: no
 * timers. Returns a cancel function.
 */
export function whenSafe(fn: () => void, doc: Document = document): () => void {
  let done = false;
  const stops: Array<() => void> = [];
  const cancel = () => {
    done = true;
    stops.forEach((s) => s());
  };
  const check = () => {
    if (done) return;
    // A hidden tab still waits while a field holds text: a reload would lose the draft.
    if (!isSafeMoment(doc)) return;
    cancel();
    fn();
  };
  const on = (type: string) => {
    // After the event's own work (focus moves on focusout, the value changes on input).
    const h = () => queueMicrotask(check);
    doc.addEventListener(type, h, true);
    stops.push(() => doc.removeEventListener(type, h, true));
  };
  on('focusout');
  on('input');
  on('visibilitychange');
  stops.push(onActivityIdle(check));
  check();
  return cancel;
}
