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
