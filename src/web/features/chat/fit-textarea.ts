/**
 * Grows a textarea to fit its text, up to `max` px, then lets it scroll: the chat input and
 * the message editor. It measures the field itself; Mantine's autosize measures a hidden copy it
 * leaves in the page (app.css keeps that copy within the page's width).
 */
export function fitTextarea(el: HTMLTextAreaElement, max: number) {
  el.style.height = 'auto';
  // scrollHeight leaves out the borders, which a border-box height includes.
  const borders = el.offsetHeight - el.clientHeight;
  const wanted = el.scrollHeight + Math.max(0, borders);
  el.style.height = `${Math.min(wanted, max)}px`;
  el.style.overflowY = wanted > max ? 'auto' : 'hidden';
}
