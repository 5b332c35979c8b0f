import { zodSchema } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MemoryAnswer } from '../chat/memory-facts.ts';
import { smallestOf, type JsonSchema } from './fake-openai.ts';

/** The JSON schema the AI SDK sends for a zod schema (what a json_schema request carries). */
const sent = async (schema: z.ZodType) => (await zodSchema(schema).jsonSchema) as JsonSchema;

describe("the fake server's answer to a structured request it has no script for", () => {
  it('is a value the schema accepts: required fields, empty texts and lists, the least number', async () => {
    const Shape = z.object({
      name: z.string(),
      aliases: z.array(z.string()).default([]),
      mentions: z.number().int().min(1),
      kind: z.enum(['person', 'place']),
      note: z.string().nullable(),
      optional: z.string().optional(),
    });
    const value = smallestOf(await sent(Shape));
    expect(value).toEqual({ name: '', mentions: 1, kind: 'person', note: '' });
    expect(Shape.safeParse(value).success).toBe(true);
    expect(MemoryAnswer.safeParse(smallestOf(await sent(MemoryAnswer))).success).toBe(true);
  });
});
