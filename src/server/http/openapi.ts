import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DirectPaths, GoogleDocsRequest } from '../../protocol/direct.ts';
import { actions, actionNames } from '../../protocol/registry.ts';

type JsonSchema = Record<string, unknown>;

/** zod 4's JSON Schema (2020-12, which OpenAPI 3.1 uses), without the per-document header. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // Transforms and refinements have no JSON Schema: they stay as the type they start from.
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

/** `schema` with `fields` added: into its properties when it is a plain object. */
function withFields(schema: JsonSchema, fields: Record<string, JsonSchema>, required: string[]) {
  if (schema.type === 'object' && !schema.allOf && !schema.anyOf && !schema.oneOf) {
    return {
      ...schema,
      properties: { ...fields, ...(schema.properties as object) },
      required: [...required, ...((schema.required as string[] | undefined) ?? [])],
    };
  }
  return { allOf: [{ type: 'object', properties: fields, required }, schema] };
}

const errorFields = {
  Error: { type: 'integer', description: '0 on success, else an error code (protocol/errors.ts)' },
  Errstr: { type: 'string', description: "The error in the caller's language" },
};

/**
 * The OpenAPI 3.1 document of the API, generated from the action registry: every action's
 * request (its fields plus `action`) and answer (plus `Error`, `Errstr`) as components, and
 * `POST /api` taking any of them (a discriminated union on `action`). Each request schema
 * carries who may call it (`x-access`) and whether it changes data (`x-mutates`).
 */
export function openApiDocument(version: string) {
  const schemas: Record<string, JsonSchema> = {
    ErrorAnswer: {
      type: 'object',
      properties: errorFields,
      required: ['Error', 'Errstr'],
    },
  };
  const requests: JsonSchema[] = [];
  const answers: JsonSchema[] = [];
  const mapping: Record<string, string> = {};
  for (const name of actionNames) {
    const def = actions[name];
    const request = withFields(
      jsonSchema(def.input, 'input'),
      { action: { const: name, type: 'string' } },
      ['action'],
    );
    schemas[`${name}Request`] = {
      ...request,
      'x-access': def.access,
      'x-mutates': def.mutates,
      ...(def.identity ? { 'x-identity-field': def.identity } : {}),
      ...(def.stream ? { 'x-stream-events': [...def.stream.events, 'done'] } : {}),
    };
    schemas[`${name}Answer`] = withFields(jsonSchema(def.output, 'output'), errorFields, ['Error']);
    mapping[name] = `#/components/schemas/${name}Request`;
    requests.push({ $ref: mapping[name] });
    answers.push({ $ref: `#/components/schemas/${name}Answer` });
  }
  schemas.GoogleDocsRequest = jsonSchema(GoogleDocsRequest, 'input');

  const json = (schema: JsonSchema) => ({ content: { 'application/json': { schema } } });
  const error = (description: string) => ({
    description,
    ...json({ $ref: '#/components/schemas/ErrorAnswer' }),
  });
  const probe = (summary: string) => ({
    get: {
      summary,
      security: [],
      responses: {
        '200': { description: 'ok', ...json({ type: 'object', properties: { ok: {} } }) },
        '503': { description: 'not ready, or shutting down' },
      },
    },
  });
  const text = { content: { 'text/plain': { schema: { type: 'string' } } } };
  const multipart = (fields: Record<string, JsonSchema>, required: string[]) => ({
    content: {
      'multipart/form-data': { schema: { type: 'object', properties: fields, required } },
    },
  });

  return {
    openapi: '3.1.0',
    info: {
      title: 'Sefer Chat API',
      version,
      description:
        'Every action is `POST /api` with a JSON body `{action, ...fields}`; the answer is ' +
        'JSON `{Error, Errstr?, ...}` (Error 0 = success). Identity comes from the session: ' +
        'the `sid` cookie plus an `X-XSRF-TOKEN` header copied from the `XSRF-TOKEN` cookie, ' +
        'or `Authorization: Bearer <token>`. An action whose request lists `x-stream-events` ' +
        'answers Server-Sent Events when asked for `text/event-stream`: those events, the ' +
        'last one `done` with the JSON answer.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }, { session: [] }, {}],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        session: { type: 'apiKey', in: 'cookie', name: 'sid' },
      },
      schemas,
    },
    paths: {
      '/api': {
        post: {
          operationId: 'callAction',
          summary: 'Call an action',
          requestBody: {
            required: true,
            ...json({ oneOf: requests, discriminator: { propertyName: 'action', mapping } }),
          },
          responses: {
            '200': { description: 'the action answered', ...json({ oneOf: answers }) },
            '400': error('bad input or unknown action'),
            '401': error('not signed in'),
            '403': error('forbidden, or the XSRF header is missing'),
            '429': error('too many requests'),
            '500': error('internal error (details only in the log, under x-request-id)'),
          },
        },
      },
      [DirectPaths.health]: probe('The process answers'),
      [DirectPaths.ready]: probe('The database answers and every migration is applied'),
      [DirectPaths.schema]: {
        get: {
          summary: 'This document',
          security: [],
          responses: { '200': { description: 'OpenAPI 3.1', ...json({ type: 'object' }) } },
        },
      },
      [DirectPaths.upload]: {
        post: {
          summary: 'Upload a knowledge file (txt, md, html, pdf, docx, epub)',
          requestBody: multipart(
            {
              file: { type: 'string', contentMediaType: 'application/octet-stream' },
              friend: { type: 'string' },
              user: { type: 'string' },
              subject: { type: 'string' },
              lang: { type: 'string' },
            },
            ['file', 'friend'],
          ),
          responses: { '200': { description: '`OK <num>`', ...text } },
        },
      },
      [DirectPaths.uploadImage]: {
        post: {
          summary: 'Upload a character image (png, jpeg, webp, gif)',
          requestBody: multipart(
            {
              file: { type: 'string', contentMediaType: 'application/octet-stream' },
              friend: { type: 'string' },
            },
            ['file'],
          ),
          responses: { '200': { description: '`OK <path>`', ...text } },
        },
      },
      [DirectPaths.card]: {
        post: {
          summary: 'Import a Character Card (V2/V3, JSON or PNG) as a new character',
          requestBody: multipart(
            { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
            ['file'],
          ),
          responses: {
            '200': { description: '`{Error, friendid, lost}`', ...json({ type: 'object' }) },
          },
        },
        get: {
          summary: 'Export a character as a Character Card (editors only)',
          parameters: [
            { name: 'friendid', in: 'query', required: true, schema: { type: 'string' } },
            { name: 'format', in: 'query', schema: { type: 'string', enum: ['json', 'png'] } },
            { name: 'spec', in: 'query', schema: { type: 'string', enum: ['v2', 'v3'] } },
          ],
          responses: {
            '200': {
              description: 'the card',
              content: { 'application/json': {}, 'image/png': {} },
            },
          },
        },
      },
      [DirectPaths.googleDocs]: {
        post: {
          summary: 'Google Docs import',
          requestBody: json({ $ref: '#/components/schemas/GoogleDocsRequest' }),
          responses: { '200': { description: 'see the action', ...json({ type: 'object' }) } },
        },
      },
      [DirectPaths.download]: {
        get: {
          summary: 'An image file',
          parameters: [
            { name: 'imagename', in: 'query', required: true, schema: { type: 'string' } },
          ],
          responses: {
            '200': { description: 'the image', content: { 'image/*': {} } },
            '404': { description: 'no such image, or not yours' },
          },
        },
      },
    },
  };
}

/** GET /api/schema: generated once, on first request. */
export function registerOpenApi(app: FastifyInstance, version: string) {
  let doc: ReturnType<typeof openApiDocument> | undefined;
  app.get(DirectPaths.schema, async (_request, reply) => {
    doc ??= openApiDocument(version);
    return reply.header('cache-control', 'public, max-age=300').send(doc);
  });
}
