import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Asks before leaving a screen with something unsaved. The app uses the declarative router
 * (docs/web-client.md 'Routing'), whose `useBlocker` is not available, so the guard works
 * at the browser's level:
 * - reload, closing the tab, another site: `beforeunload` (the browser's own question);
 * - our links (top bar, in-page links): a capturing click listener stops the click before
 *   the router sees it and calls `confirmLeave(leave)`;
 * - the browser's back and forward buttons: a capturing `popstate` listener (it runs
 *   before the router's) undoes the step and asks; `leave` repeats it.
 * `leave` performs the navigation the user asked for. `unload` (default: `active`) says
 * whether the browser's own question is asked too: it cannot say why ("Changes you made may
 * not be saved"), so a reminder with nothing unsaved is asked in the app only.
 */
export function useLeaveGuard(
  active: boolean,
  confirmLeave: (leave: () => void) => void,
  unload: boolean = active,
): void {
  const navigate = useNavigate();
  const location = useLocation();
  const confirmRef = useRef(confirmLeave);
  const hereRef = useRef(location.pathname + location.search);
  useEffect(() => {
    confirmRef.current = confirmLeave;
    hereRef.current = location.pathname + location.search;
  });

  useEffect(() => {
    if (!active) return;
    let index = historyIndex(window.history.state);
    let swallowNext = false;
    let allowNext = false;

    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers need returnValue set to show their dialog.
      e.returnValue = '';
    };

    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0) return;
      if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const target = e.target instanceof Element ? e.target : null;
      const a = target?.closest('a[href]');
      if (!(a instanceof HTMLAnchorElement)) return;
      if ((a.target && a.target !== '_self') || a.hasAttribute('download')) return;
      const url = new URL(a.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      if (url.pathname + url.search === hereRef.current) return;
      e.preventDefault();
      e.stopPropagation();
      confirmRef.current(() => void navigate(url.pathname + url.search + url.hash));
    };

    const onPopState = (e: PopStateEvent) => {
      if (swallowNext) {
        swallowNext = false;
        e.stopImmediatePropagation();
        return;
      }
      const next = historyIndex(e.state);
      if (allowNext || index === null || next === null || next === index) {
        allowNext = false;
        index = next;
        return;
      }
      const delta = index - next;
      e.stopImmediatePropagation();
      swallowNext = true;
      window.history.go(delta);
      confirmRef.current(() => {
        allowNext = true;
        window.history.go(-delta);
      });
    };

    if (unload) window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPopState, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopState, true);
    };
  }, [active, unload, navigate]);
}

/** The router keeps its position in the history entry's state (`idx`). */
function historyIndex(state: unknown): number | null {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
}
