/**
 * Control characters in what callers send. PostgreSQL's text cannot hold NUL (U+0000) at
 * all: an insert with one fails, which used to answer 500. So a NUL anywhere in an input is
 * refused, naming the field. The other C0 controls fit in the database but mean nothing in a
 * name or a message (they come from copy-paste and binary junk, and break headers and logs):
 * they are removed, except tab, line feed and carriage return, and the vertical tab and form
 * feed, which become line feeds (PowerPoint and Word paste line breaks as U+000B).
 * An unpaired half of a surrogate pair (JSON's "\ud800" alone) is no character at all: UTF-8
 * cannot carry it, and a subject named with one answered 500 (found by the fuzzer, issue 35);
 * it becomes U+FFFD, the replacement character, as any UTF-8 encoder would write it.
 * Applied once by the dispatcher to every action's input, by the multipart reader to every
 * field and file name, and by the direct JSON endpoints' caller check (docs/decisions.md).
 */

const NUL = '\u0000';
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const REMOVED = /[\u0001-\u0008\u000E-\u001F]/g;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const BREAKS = /[\u000B\u000C]/g;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const ANY = /[\u0000-\u0008\u000B-\u000C\u000E-\u001F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const SURROGATE = /[\uD800-\uDFFF]/;

/** The text without its removable controls, or null when it holds a NUL (refused). */
export function cleanText(s: string): string | null {
  if (SURROGATE.test(s)) s = s.replace(LONE_SURROGATE, '\uFFFD');
  if (!ANY.test(s)) return s;
  if (s.includes(NUL)) return null;
  return s.replace(BREAKS, '\n').replace(REMOVED, '');
}

/**
 * Cleans every string in a parsed JSON value in place (objects and arrays, any depth, walked
 * without recursion: a deeply nested body cannot overflow the stack). Answers the path of the
 * first string with a NUL (`chapters.0.line`; `(body)` for a bare string), or null when clean.
 */
export function cleanStrings(value: unknown): { nulAt: string } | null {
  if (typeof value === 'string') return cleanText(value) === null ? { nulAt: '(body)' } : null;
  const stack: { node: Record<string, unknown> | unknown[]; path: string }[] = [];
  if (typeof value === 'object' && value !== null) stack.push({ node: value as never, path: '' });
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    // Own enumerable keys only: what JSON.parse made. Assigning to an own key never reaches
    // a prototype's setter (an own `__proto__` stays a plain property).
    for (const key of Object.keys(node)) {
      const v = (node as Record<string, unknown>)[key];
      const at = path ? `${path}.${key}` : key;
      if (typeof v === 'string') {
        const clean = cleanText(v);
        if (clean === null) return { nulAt: at };
        if (clean !== v) (node as Record<string, unknown>)[key] = clean;
      } else if (typeof v === 'object' && v !== null) {
        stack.push({ node: v as never, path: at });
      }
    }
  }
  return null;
}
