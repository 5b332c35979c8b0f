/**
 * What a message's Markdown looks like before it is rendered (spec part 2 §4): speaker tags
 * `[name]:` at a line start become bold, and in answers the subject and details markers the
 * server already acted on are not shown. Code blocks are left exactly as written.
 */

const SPEAKER = /^(\s{0,3})\[([^\]\n]{1,60})\]:/;
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
    return line.replace(SPEAKER, (_, indent: string, name: string) => {
      return `${indent}**${escapeMd(name.trim())}:**`;
    });
  });
  let out = lines.join('\n');
  if (role === 'assistant') out = out.replace(RENAME_MARKER, '').replace(DETAILS_MARKER, '');
  return out;
}
