import fc from 'fast-check';
import { z } from 'zod';

/**
 * A fast-check arbitrary of values a zod schema accepts, built from the schema's JSON Schema
 * (`z.toJSONSchema`, zod's public API; no zod bridge for zod 4 exists and zod's internals are
 * not ours to read). The registry's inputs use a small part of JSON Schema (objects, strings
 * with lengths and patterns, bounded integers, consts, anyOf, short arrays); what this walker
 * does not know becomes "any JSON value", which the hostile half of the fuzzer covers anyway.
 */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
};

/** Field names whose values the fuzzer sometimes replaces with real ones (the owner's ids). */
export type FieldOverride = (name: string, base: fc.Arbitrary<unknown>) => fc.Arbitrary<unknown>;

/** Generated strings stay short: the huge ones come from the hostile shapes, on purpose. */
const MAX_GENERATED_CHARS = 80;
const MAX_GENERATED_ITEMS = 4;

const anyJson: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 2 });

function stringArbitrary(s: JsonSchema): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = Math.max(min, Math.min(s.maxLength ?? MAX_GENERATED_CHARS, MAX_GENERATED_CHARS));
  if (s.format === 'email')
    return fc.emailAddress().filter((e) => e.length <= (s.maxLength ?? 254));
  if (s.pattern) {
    // A pattern with its own length limits: the generated text is cut to them, else refused.
    return fc
      .stringMatching(new RegExp(s.pattern))
      .map((v) => v.slice(0, s.maxLength ?? v.length))
      .filter((v) => v.length >= min);
  }
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: min, maxLength: max, unit: 'grapheme' }) },
    // Hebrew, as the product's users write it.
    {
      weight: 2,
      arbitrary: fc.string({
        minLength: min,
        maxLength: max,
        unit: fc.constantFrom(...'אבגדהוזחטיכלמנסעפצקרשת ,.?!0123456789abc'),
      }),
    },
  );
}

function numberArbitrary(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : undefined);
  const hi = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : undefined);
  if (integer) {
    const min = Math.max(lo ?? -(2 ** 31), Number.MIN_SAFE_INTEGER);
    const max = Math.min(hi ?? 2 ** 31 - 1, Number.MAX_SAFE_INTEGER);
    // Small values most of the time: ids and numbers of real rows are small.
    const small = fc.integer({
      min: Math.max(min, Math.min(0, max)),
      max: Math.min(max, Math.max(min, 8)),
    });
    return fc.oneof(
      { weight: 3, arbitrary: small },
      { weight: 1, arbitrary: fc.integer({ min, max }) },
    );
  }
  return fc.double({
    min: lo ?? -1e9,
    max: hi ?? 1e9,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

export function arbitraryOf(s: JsonSchema, override?: FieldOverride): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alts = s.anyOf ?? s.oneOf;
  if (alts?.length) return fc.oneof(...alts.map((a) => arbitraryOf(a, override)));
  if (s.allOf?.length) return arbitraryOf(s.allOf[0]!, override);
  const type = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (type.length > 1)
    return fc.oneof(...type.map((t) => arbitraryOf({ ...s, type: t }, override)));
  switch (type[0]) {
    case 'string':
      return stringArbitrary(s);
    case 'integer':
      return numberArbitrary(s, true);
    case 'number':
      return numberArbitrary(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const min = s.minItems ?? 0;
      const max = Math.max(min, Math.min(s.maxItems ?? MAX_GENERATED_ITEMS, MAX_GENERATED_ITEMS));
      return fc.array(s.items ? arbitraryOf(s.items, override) : anyJson, {
        minLength: min,
        maxLength: max,
      });
    }
    case 'object': {
      const props = s.properties ?? {};
      const required = new Set(s.required ?? []);
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, p] of Object.entries(props)) {
        const base = arbitraryOf(p, override);
        model[name] = override ? override(name, base) : base;
      }
      // fc.record leaves the optional keys out at random.
      return fc.record(model, { requiredKeys: [...required].filter((k) => k in props) });
    }
    default:
      return anyJson;
  }
}

/** The JSON Schema of a zod input, as a client would send it. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

export function inputArbitrary(schema: z.ZodType, override?: FieldOverride): fc.Arbitrary<unknown> {
  return arbitraryOf(jsonSchemaOf(schema), override);
}
