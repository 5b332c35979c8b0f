import { z } from 'zod';
import { ErrorCode } from '../../protocol/errors.ts';

export type JsonSchema = Record<string, unknown>;

/** zod 4's JSON Schema (2020-12, which OpenAPI 3.1 uses), without the per-document header. */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // Transforms and refinements have no JSON Schema: they stay as the type they start from.
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return io === 'input' ? withoutDefaults(rest) : rest;
}

/**
 * A request's schema says what a caller may send. A field with a `default` is optional to the
 * server, but generators (openapi-typescript's defaultNonNullable, on by default) read a
 * default as "always present" and make it required: the default moves into the description.
 */
function withoutDefaults(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...schema };
  if ('default' in out) {
    const { default: value, ...rest } = out;
    const said = `Default: ${JSON.stringify(value)}.`;
    return withoutDefaults({
      ...rest,
      description: rest.description ? `${String(rest.description)} ${said}` : said,
    });
  }
  if (out.properties && typeof out.properties === 'object') {
    out.properties = Object.fromEntries(
      Object.entries(out.properties as Record<string, JsonSchema>).map(([k, v]) => [
        k,
        withoutDefaults(v),
      ]),
    );
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (Array.isArray(out[key])) out[key] = (out[key] as JsonSchema[]).map(withoutDefaults);
  }
  if (out.items && typeof out.items === 'object')
    out.items = withoutDefaults(out.items as JsonSchema);
  return out;
}

/** `schema` with `fields` added: into its properties when it is a plain object. */
export function withFields(
  schema: JsonSchema,
  fields: Record<string, JsonSchema>,
  required: string[],
): JsonSchema {
  if (schema.type === 'object' && !schema.allOf && !schema.anyOf && !schema.oneOf) {
    return {
      ...schema,
      properties: { ...fields, ...(schema.properties as object) },
      required: [...required, ...((schema.required as string[] | undefined) ?? [])],
    };
  }
  return { allOf: [{ type: 'object', properties: fields, required }, schema] };
}

const codeList = Object.entries(ErrorCode)
  .filter(([, v]) => v !== ErrorCode.OK)
  .map(([k, v]) => `${v} ${k}`)
  .join(', ');

/** A success's `Error` (0), and its text field (only with a level, CheckEditPriv). */
export const successFields = {
  Error: { type: 'integer', const: 0, description: '0: success' },
  Errstr: { type: 'string', description: "The error in the caller's language" },
};

/**
 * What every refusal answers, on every path: a code besides 0, and the reason in the
 * caller's language (he or en: the `lang` field, else the user's language, else
 * Accept-Language). Some carry more: `retryAfter` (seconds) with 6, `buy` (the purchase
 * page's path) with 21; a failed reply (16) carries the reply's fields.
 */
export const refusalSchema: JsonSchema = {
  type: 'object',
  properties: {
    Error: {
      type: 'integer',
      enum: Object.values(ErrorCode).filter((v) => v !== ErrorCode.OK),
      description: `The refusal's code (src/protocol/errors.ts): ${codeList}`,
    },
    Errstr: { type: 'string', description: "Why, in the caller's language (he or en)" },
    retryAfter: { type: 'integer', description: 'With 6: seconds until a retry may pass' },
    buy: { type: 'string', description: "With 21: the purchase page's path" },
  },
  required: ['Error', 'Errstr'],
};

export const refusalRef = { $ref: '#/components/schemas/Refusal' };
export const json = (schema: JsonSchema) => ({ content: { 'application/json': { schema } } });
export const refusalResponse = (description: string) => ({ description, ...json(refusalRef) });
