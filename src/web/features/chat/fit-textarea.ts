/**
 * Grows a textarea to fit its text, up to `max` px, then lets it scroll: the chat input and
 * the message editor. (Not Mantine's autosize: its measuring textarea stays in the page at its
 * last width and, right to left, makes a narrowed page scroll sideways.)
 */
export function fitTextarea(el: HTMLTextAreaElement, max: number) {
  el.style.height = 'auto';
  // scrollHeight leaves out the borders, which a border-box height includes.
  const borders = el.offsetHeight - el.clientHeight;
  const wanted = el.scrollHeight + Math.max(0, borders);
  el.style.height = `${Math.min(wanted, max)}px`;
  el.style.overflowY = wanted > max ? 'auto' : 'hidden';
}
