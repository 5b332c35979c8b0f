import type { MacroNames } from '../friends/macros.ts';

/**
 * A card's example dialogue (`mes_example`) as the model should read it. The V2 spec has
 * `<START>` open each example conversation; sent as written, the model sees a bare tag. Here
 * each one becomes a numbered example with a line saying it shows the manner of speech and
 * is not part of this conversation, and each turn ("{{user}}: …", already named) stays on
 * its own line under the speaker's name. Texts without `<START>` are left as they are.
 */
const START = /^\s*<start>\s*$/i;

const LABEL = {
  he: (n: number, names: MacroNames) =>
    `דוגמת שיחה ${n} (כך ${names.char} מדבר/ת; לא חלק מהשיחה הזו):`,
  en: (n: number, names: MacroNames) =>
    `Example conversation ${n} (how ${names.char} speaks; not part of this conversation):`,
} as const;

export function exampleTurns(text: string, names: MacroNames, lang: 'he' | 'en'): string {
  if (!/<start>/i.test(text)) return text;
  const out: string[] = [];
  let n = 0;
  let open = false;
  // A tag written inside a line ("<START>{{user}}: hi") starts its example all the same.
  const lines = text.replace(/[ \t]*<start>[ \t]*/gi, '\n<START>\n').split('\n');
  for (const line of lines) {
    if (START.test(line)) {
      if (open) out.push('');
      out.push(LABEL[lang](++n, names));
      open = true;
    } else if (!(open && !line.trim() && out.at(-1) === LABEL[lang](n, names))) {
      // (a blank line right after an example's label is the tag's own line break)
      out.push(line);
    }
  }
  return out.join('\n');
}
