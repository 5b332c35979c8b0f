/**
 * Grows a textarea to fit its text, up to `max` px, then lets it scroll: the chat input, whose
 * cap the spec gives in pixels (150). Other growing fields use Mantine's `autosize`.
 */
export function fitTextarea(el: HTMLTextAreaElement, max: number) {
  el.style.height = 'auto';
  // scrollHeight leaves out the borders, which a border-box height includes.
  const borders = el.offsetHeight - el.clientHeight;
  const wanted = el.scrollHeight + Math.max(0, borders);
  el.style.height = `${Math.min(wanted, max)}px`;
  el.style.overflowY = wanted > max ? 'auto' : 'hidden';
}
