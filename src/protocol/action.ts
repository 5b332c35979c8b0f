import type { z } from 'zod';
import type { Access, IdentityField } from './access.ts';
import type { AnyStreamDecl } from './streams.ts';

export interface ActionDef<
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
  S extends AnyStreamDecl | undefined = AnyStreamDecl | undefined,
  E extends string | undefined = string | undefined,
> {
  input: I;
  /** The answer's fields besides Error and Errstr. */
  output: O;
  access: Access;
  identity: IdentityField;
  /** Changes data (used by the generated security tests to check that a refusal changed nothing). */
  mutates: boolean;
  /**
   * The answer may stream as Server-Sent Events: these events, then `done` with the answer
   * (src/protocol/streams.ts). Only actions that declare a stream may answer with one.
   */
  stream?: S;
  /**
   * Spec compatibility: this answer field's value is also sent as `Error` (CheckEditPriv's
   * level). The server sends Errstr when it is not 0.
   */
  errorFrom?: E;
  /**
   * A value of the identity field that is not a claim of identity but asks for the general
   * answer, the same for everyone (GetFriendDetails with email '*', spec part 1 §7).
   */
  identityWildcard?: string;
}

export function defineAction<
  I extends z.ZodType,
  O extends z.ZodType,
  S extends AnyStreamDecl | undefined = undefined,
  E extends string | undefined = undefined,
>(def: ActionDef<I, O, S, E>): ActionDef<I, O, S, E> {
  return def;
}
