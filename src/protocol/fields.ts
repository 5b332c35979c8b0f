import { z } from 'zod';

/** Field schemas shared by many actions. Limits are ours: the spec leaves them open. */

/**
 * A rule a refinement states, as a key the server words in the caller's language
 * (src/server/rpc/describe-issues.ts, messages `rule_*`): zod's message is never shown.
 */
export const Rule = {
  lettersDigits: 'rule:lettersDigits',
  token: 'rule:token',
  imageDataUrl: 'rule:imageDataUrl',
} as const;

export const Email = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email())
  .transform((s) => s.toLowerCase());

/** The caller's own e-mail echoed in a body (spec payloads carry it); checked against the session. */
export const IdentityEmail = z.string().trim().max(254).optional();

export const Lang = z
  .string()
  .max(16)
  .optional()
  .transform((s): 'he' | 'en' | undefined => {
    if (!s) return undefined;
    return s.toLowerCase().startsWith('en')
      ? 'en'
      : s.toLowerCase().startsWith('he')
        ? 'he'
        : undefined;
  });

/** 0/1 flags; clients also send booleans or "0"/"1". */
export const Flag = z
  .union([z.literal(0), z.literal(1), z.boolean(), z.literal('0'), z.literal('1')])
  .transform((v): 0 | 1 => (v === 1 || v === true || v === '1' ? 1 : 0));

export const FriendId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9]+$/, Rule.lettersDigits);

export const FullName = z.string().trim().min(1).max(100);
export const Password = z.string().max(200);
export const Token = z.string().trim().min(1).max(200);
export const Notes = z.string().max(20000);
export const Bitmask = z.coerce
  .number()
  .int()
  .min(0)
  .max(2 ** 31 - 1);

/**
 * The number of a row (a message, a reply, a round): ids are PostgreSQL integers, so a number
 * past 2^31 - 1 names no row, and sent on to the database it fails the query (a 500).
 */
export const RowId = z.coerce
  .number()
  .int()
  .min(1)
  .max(2 ** 31 - 1);
