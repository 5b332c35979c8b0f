import type { z } from 'zod';
import type { Lang } from '../../protocol/errors.ts';
import { msg, type MessageKey } from '../wording.ts';
import { validationMessages } from '../wording/validation.ts';

/** A field's name for people: its own words where it has them, else "the field x". */
function fieldName(path: PropertyKey[], lang: Lang): string {
  const top = String(path[0] ?? '');
  const key = `field_${top}`;
  if (path.length === 1 && key in validationMessages) return msg(key as MessageKey, lang);
  return msg('fieldNamed', lang, { name: path.map(String).join('.') || '(body)' });
}

const count = (n: unknown, lang: Lang) =>
  typeof n === 'number' || typeof n === 'bigint'
    ? n.toLocaleString(lang === 'he' ? 'he-IL' : 'en-US')
    : String(n);

/** The length of the refused value, read at its path in the input (for "this has n"). */
function lengthAt(input: unknown, path: PropertyKey[]): number | undefined {
  let v: unknown = input;
  for (const p of path)
    v = v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[p] : undefined;
  return typeof v === 'string' ? [...v].length : undefined;
}

/**
 * One issue of the schema, worded in the caller's language by its kind (zod's own messages
 * are English and name types, not limits). Anything unforeseen still gets words: "not valid".
 */
function describeIssue(issue: z.core.$ZodIssue, input: unknown, lang: Lang): string {
  const field = fieldName(issue.path, lang);
  // A refinement that states its rule (protocol/fields.ts `Rule`) is worded by that rule.
  const rule = /^rule:(\w+)$/.exec(issue.message)?.[1];
  if (rule && `rule_${rule}` in validationMessages)
    return msg(`rule_${rule}` as MessageKey, lang, { field });
  switch (issue.code) {
    case 'too_big':
      if (issue.origin === 'string')
        return msg('fieldTooLong', lang, {
          field,
          max: count(issue.maximum, lang),
          n: count(lengthAt(input, issue.path) ?? '', lang),
        });
      if (issue.origin === 'array' || issue.origin === 'set')
        return msg('fieldTooMany', lang, { field, max: count(issue.maximum, lang) });
      return msg('fieldTooBig', lang, { field, max: count(issue.maximum, lang) });
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? msg('fieldRequired', lang, { field })
          : msg('fieldTooShort', lang, { field, min: count(issue.minimum, lang) });
      return msg('fieldTooSmall', lang, { field, min: count(issue.minimum, lang) });
    case 'invalid_type':
      // zod gives the input only when asked to (reportInput); its own text says what came.
      return (
        'input' in issue ? issue.input === undefined : /received undefined$/.test(issue.message)
      )
        ? msg('fieldRequired', lang, { field })
        : msg('fieldWrongType', lang, { field });
    case 'invalid_format':
      if (issue.format === 'email') return msg('fieldBadEmail', lang, { field });
      if (issue.format === 'url') return msg('fieldBadUrl', lang, { field });
      return msg('fieldInvalid', lang, { field });
    case 'invalid_value':
      return msg('fieldBadChoice', lang, {
        field,
        choices: issue.values.map((v) => String(v)).join(', '),
      });
    case 'unrecognized_keys':
      return msg('fieldUnknown', lang, { field: issue.keys.join(', ') });
    case 'custom':
      // A refinement's own text is for developers; an empty text is the usual one.
      return /empty/i.test(issue.message)
        ? msg('fieldRequired', lang, { field })
        : msg('fieldInvalid', lang, { field });
    default:
      return msg('fieldInvalid', lang, { field });
  }
}

/** The first few issues of a refused input, in the caller's language. */
export function describeIssues(error: z.ZodError, input: unknown, lang: Lang): string {
  return error.issues
    .slice(0, 3)
    .map((i) => describeIssue(i, input, lang))
    .join(' ');
}
