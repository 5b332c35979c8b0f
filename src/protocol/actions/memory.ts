import { z } from 'zod';
import { defineAction } from '../action.ts';
import { FriendId, IdentityEmail } from '../fields.ts';

const FactId = z.coerce
  .number()
  .int()
  .min(1)
  .max(2 ** 31 - 1);

/** One fact a character keeps about the caller, and where it was learned. */
const Fact = z.object({
  id: z.number(),
  text: z.string(),
  /** The message it was learned from; null when typed by the reader (or that message is gone). */
  messageid: z.number().nullable(),
  /** The subject that message is in (to open it), or null. */
  subject: z.string().nullable(),
  tm: z.string(),
});
const Facts = z.object({ facts: z.array(Fact) });

/**
 * The memory as facts (GetSetMemory keeps the joined text for spec clients). Only the
 * caller's own memory of a character they may talk to.
 */
export const memoryActions = {
  GetMemoryFacts: defineAction({
    input: z.object({ email: IdentityEmail, friendid: FriendId }),
    output: Facts,
    access: 'user',
    identity: 'email',
    mutates: false,
  }),
  /** Corrects one fact's text; it keeps its source. */
  SetMemoryFact: defineAction({
    input: z.object({
      email: IdentityEmail,
      friendid: FriendId,
      id: FactId,
      text: z.string().trim().min(1).max(500),
    }),
    output: Facts,
    access: 'user',
    identity: 'email',
    mutates: true,
  }),
  DelMemoryFact: defineAction({
    input: z.object({ email: IdentityEmail, friendid: FriendId, id: FactId }),
    output: Facts,
    access: 'user',
    identity: 'email',
    mutates: true,
  }),
};
