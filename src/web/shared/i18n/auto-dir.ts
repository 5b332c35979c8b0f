/**
 * Ref callback that puts dir="auto" on the input element itself. Mantine moves a `dir` prop
 * to the input's wrapper, where "auto" would find no text and turn the wrapper LTR; on the
 * textarea the browser reads the typed text. The component's CSS adds `unicode-bidi: plaintext`,
 * so each paragraph of a long text takes its own direction.
 */
export function autoDir(el: HTMLInputElement | HTMLTextAreaElement | null): void {
  el?.setAttribute('dir', 'auto');
}

/**
 * As autoDir, while the field holds text: empty, it follows the page (its placeholder and
 * caret on the page's side); typed, it takes the direction of what was typed. The ref a
 * Mantine input needs (a `dir` prop would land on its wrapper). A new ref each render, so
 * React applies it again as the text changes.
 */
export function typedDir(text: string) {
  return (el: HTMLInputElement | HTMLTextAreaElement | null): void => {
    if (!el) return;
    if (text) el.setAttribute('dir', 'auto');
    else el.removeAttribute('dir');
  };
}

const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/gu;
const LTR_LETTER = /[A-Za-z\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff]/gu;

/**
 * The direction most of a text's letters take (undefined: it has none), for a quoted passage
 * of a book. `dir="auto"` goes by the first letter only: a Hebrew sentence that opens with an
 * English word ("Shalom," אמר יעקב) would read left to right, its words out of order. Use with
 * `unicode-bidi: isolate`, so that every line of the passage keeps this one direction.
 */
export function majorityDir(text: string): 'rtl' | 'ltr' | undefined {
  const rtl = text.match(RTL_LETTER)?.length ?? 0;
  const ltr = text.match(LTR_LETTER)?.length ?? 0;
  if (!rtl && !ltr) return undefined;
  return rtl >= ltr ? 'rtl' : 'ltr';
}
