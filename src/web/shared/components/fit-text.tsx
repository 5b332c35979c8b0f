import { useLayoutEffect, useRef, useState } from 'react';

const ELLIPSIS = '…';

/**
 * The longest beginning of `text` (whole code points, trailing spaces dropped) that `fits`
 * with an ellipsis after it; the whole text when it fits as it is.
 */
export function fitPrefix(text: string, fits: (candidate: string) => boolean): string {
  if (fits(text)) return text;
  const chars = Array.from(text);
  let lo = 0;
  let hi = chars.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(chars.slice(0, mid).join('').trimEnd() + ELLIPSIS)) lo = mid;
    else hi = mid - 1;
  }
  return chars.slice(0, lo).join('').trimEnd() + ELLIPSIS;
}

let canvas: HTMLCanvasElement | null = null;

/**
 * One line of text cut at its logical end, whatever its directions. CSS's text-overflow cuts
 * at the line's visual end: for a Hebrew name ending in English ("קוראת ראשונה Anne") that is
 * the start of the English word, so the name loses the wrong letters. Here the text is cut by
 * characters, measured in the element's font against the room the whole text would take (an
 * invisible copy keeps the layout), again when that room changes. The whole text stays the
 * tooltip; the caller gives it as the accessible name where it matters.
 */
export function FitText({ text, testId }: { text: string; testId?: string }) {
  const box = useRef<HTMLSpanElement>(null);
  const [shown, setShown] = useState(text);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => {
      const room = el.clientWidth;
      canvas ??= document.createElement('canvas');
      // No layout (a test's DOM) or no canvas: the whole text, CSS clipping what overflows.
      const ctx = room > 0 ? canvas.getContext('2d') : null;
      if (!ctx) return setShown(text);
      const style = getComputedStyle(el);
      ctx.font = style.font || `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      setShown(fitPrefix(text, (s) => ctx.measureText(s).width <= room + 0.5));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [text]);
  return (
    <span ref={box} className="fit-text" title={shown === text ? undefined : text}>
      <span className="fit-text__room" aria-hidden="true">
        {text}
      </span>
      <span className="fit-text__shown" dir="auto" data-testid={testId}>
        {shown}
      </span>
    </span>
  );
}
