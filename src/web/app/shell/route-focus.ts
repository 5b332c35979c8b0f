import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** The element a skip link or a route change brings the keyboard to. */
export const MAIN_ID = 'main';

/**
 * Focuses the screen's heading (`main h1`), or the main region until the heading is there;
 * a target that is not a control takes focus without joining the Tab order.
 */
export function focusScreen(): boolean {
  const main = document.getElementById(MAIN_ID);
  if (!main) return false;
  const heading = main.querySelector<HTMLElement>('h1');
  const target = heading ?? main;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: false });
  return !!heading;
}

/**
 * On every route change (not the first load: the browser starts at the page's top), the
 * keyboard moves to the new screen (issue 38): to its h1 as soon as it shows, else to main,
 * so focus never falls to <body> when the old screen goes away. Screens load in chunks and
 * their heading may come with their data, so the heading is watched for until the reader
 * moves focus themselves.
 */
export function useRouteFocus() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    if (focusScreen()) return;
    const stillOurs = () => {
      const active = document.activeElement;
      return !active || active === document.body || active === main;
    };
    const observer = new MutationObserver(() => {
      if (!stillOurs()) observer.disconnect();
      else if (main.querySelector('h1') && focusScreen()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [pathname]);
}
