import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { actionNames, actions } from '../../src/protocol/registry.ts';
import { inputArbitrary, type FieldOverride } from './schema-arbitrary.ts';

/**
 * As the fuzzer sends them: e-mails and character lists are real ones (their format sits
 * behind a pipe, which JSON Schema of the input does not show).
 */
const real: FieldOverride = (name, base) =>
  name === 'email' || name === 'user'
    ? fc.constant('someone@example.com')
    : name === 'friends'
      ? fc.constant('holmesen')
      : base;

/**
 * The fuzzer's "valid" half must be valid: values drawn from an action's JSON Schema pass its
 * zod schema (or the fuzzer would only ever test refusals). Refinements JSON Schema cannot
 * say (a message or token that is not only spaces) refuse some; most must pass.
 */
describe('the JSON Schema walker', () => {
  for (const name of actionNames) {
    it(`${name}: what it draws mostly passes the action's schema`, () => {
      const schema = actions[name].input as z.ZodType;
      const drawn = fc.sample(inputArbitrary(schema, real), { seed: 35, numRuns: 40 });
      const passed = drawn.filter((v) => schema.safeParse(v).success).length;
      expect(
        passed,
        JSON.stringify(drawn.find((v) => !schema.safeParse(v).success)),
      ).toBeGreaterThanOrEqual(30);
    });
  }
});
