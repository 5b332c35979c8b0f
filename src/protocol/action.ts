import type { z } from 'zod';
import type { Access, IdentityField } from './access.ts';

export interface ActionDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  /** The answer's fields besides Error and Errstr. */
  output: O;
  access: Access;
  identity: IdentityField;
  /** Changes data (used by the generated security tests to check that a refusal changed nothing). */
  mutates: boolean;
  /**
   * Spec compatibility: this answer field's value is also sent as `Error` (CheckEditPriv's
   * level). The server sends Errstr when it is not 0.
   */
  errorFrom?: string;
}

export function defineAction<I extends z.ZodType, O extends z.ZodType>(
  def: ActionDef<I, O>,
): ActionDef<I, O> {
  return def;
}
