/**
 * What a message's Markdown looks like before it is rendered (spec part 2 §4): speaker tags
 * `[name]:` become bold wherever they stand (not inside code), and in answers the subject and details markers the
 * server already acted on are not shown. Code blocks are left exactly as written.
 */

const SPEAKER = /\[([^\]\n]{1,60})\]:/g;
/** Inline code spans, kept as written. */
const CODE_SPAN = /(`+[^`]*`+)/;
const RENAME_MARKER = /\s*::\([^()\n]{1,80}\)::/gu;
const DETAILS_MARKER = /\s*:\s*@@[A-Za-z0-9]{1,64}@@/gu;
const FENCE = /^\s{0,3}(```|~~~)/;

const escapeMd = (s: string) => s.replace(/([\\*_`[\]<>])/g, '\\$1');

export function prepareMessage(text: string, role: 'user' | 'assistant'): string {
  let fenced = false;
  const lines = text.split('\n').map((line) => {
    if (FENCE.test(line)) {
      fenced = !fenced;
      return line;
    }
    if (fenced) return line;
    return line
      .split(CODE_SPAN)
      .map((part, i) =>
        i % 2 ? part : part.replace(SPEAKER, (_, name: string) => `**${escapeMd(name.trim())}:**`),
      )
      .join('');
  });
  let out = lines.join('\n');
  if (role === 'assistant') out = out.replace(RENAME_MARKER, '').replace(DETAILS_MARKER, '');
  return out;
}
