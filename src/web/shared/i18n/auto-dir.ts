/**
 * Ref callback that puts dir="auto" on the input element itself. Mantine moves a `dir` prop
 * to the input's wrapper, where "auto" would find no text and turn the wrapper LTR; on the
 * textarea the browser reads the typed text. The component's CSS adds `unicode-bidi: plaintext`,
 * so each paragraph of a long text takes its own direction.
 */
export function autoDir(el: HTMLInputElement | HTMLTextAreaElement | null): void {
  el?.setAttribute('dir', 'auto');
}
