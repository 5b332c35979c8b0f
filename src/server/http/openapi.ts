import type { FastifyInstance } from 'fastify';
import { DirectPaths } from '../../protocol/direct.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { ActionsPath, rpcPath } from '../../protocol/paths.ts';
import { actions, actionNames } from '../../protocol/registry.ts';
import { rpcStatusOf } from '../rpc/dispatcher.ts';
import { directPaths, directSchemas } from './openapi-direct.ts';
import {
  json,
  jsonSchema,
  refusalRef,
  refusalResponse,
  refusalSchema,
  successFields,
  withFields,
  type JsonSchema,
} from './openapi-schema.ts';

/** The refusal's statuses on `POST /api/rpc/{Action}`, worded for the document. */
const rpcStatuses = Object.entries(
  Object.entries(rpcStatusOf).reduce<Record<number, string[]>>((by, [code, status]) => {
    if (Number(code) !== ErrorCode.OK) (by[status] ??= []).push(code);
    return by;
  }, {}),
)
  .map(([status, codes]) => `${status}: Error ${codes.join(', ')}`)
  .join('; ');

/**
 * The OpenAPI 3.1 document of the API, generated from the action registry:
 * - `POST /api/rpc/{Action}` for every action (`operationId` = its name): its fields as the
 *   body (`{Action}Input`), its answer as the 200 (`{Action}Answer`, `Error` 0), every refusal
 *   as 4xx or 5xx (`Refusal`);
 * - `POST /api` as the spec has it, `{action, ...fields}` (`{Action}Request`, a discriminated
 *   union on `action`), answering any answer or a refusal (`anyOf`: nothing in an answer
 *   names its action, so the branches may overlap and `oneOf` would refuse real answers);
 * - the direct endpoints (openapi-direct.ts).
 * Each request schema carries who may call it (`x-access`) and whether it changes data
 * (`x-mutates`).
 */
export function openApiDocument(version: string) {
  const schemas: Record<string, JsonSchema> = { Refusal: refusalSchema, ...directSchemas() };
  const requests: JsonSchema[] = [];
  const answers: JsonSchema[] = [];
  const mapping: Record<string, string> = {};
  const rpcPaths: Record<string, unknown> = {};
  for (const name of actionNames) {
    const def = actions[name];
    const input = jsonSchema(def.input, 'input');
    const about = {
      'x-access': def.access,
      'x-mutates': def.mutates,
      ...(def.identity ? { 'x-identity-field': def.identity } : {}),
      ...(def.stream ? { 'x-stream-events': [...def.stream.events, 'done'] } : {}),
    };
    schemas[`${name}Input`] = { ...input, ...about };
    schemas[`${name}Request`] = {
      ...withFields(input, { action: { const: name, type: 'string' } }, ['action']),
      ...about,
    };
    // A level sent as Error (CheckEditPriv) is an answer too: 0 edit, 1 view, 2 none.
    const fields = def.errorFrom
      ? {
          ...successFields,
          Error: {
            type: 'integer',
            enum: [0, 1, 2],
            description: 'the level: 0 edit, 1 view, 2 none',
          },
        }
      : successFields;
    schemas[`${name}Answer`] = withFields(jsonSchema(def.output, 'output'), fields, ['Error']);
    mapping[name] = `#/components/schemas/${name}Request`;
    requests.push({ $ref: mapping[name] });
    answers.push({ $ref: `#/components/schemas/${name}Answer` });

    const answer = json({ $ref: `#/components/schemas/${name}Answer` });
    const required = ((input.required as string[] | undefined) ?? []).length > 0;
    rpcPaths[rpcPath(name)] = {
      post: {
        operationId: name,
        summary: `${name} (${def.access === 'public' ? 'anyone' : `access: ${def.access}`}${def.mutates ? ', changes data' : ''})`,
        ...about,
        ...(def.access === 'public' ? {} : { security: [{ bearer: [] }, { session: [] }] }),
        requestBody: { required, ...json({ $ref: `#/components/schemas/${name}Input` }) },
        responses: {
          '200': {
            description: def.stream
              ? 'the answer; with `Accept: text/event-stream`, Server-Sent Events ending in `done` with it'
              : 'the answer',
            content: {
              ...answer.content,
              ...(def.stream ? { 'text/event-stream': { schema: { type: 'string' } } } : {}),
            },
          },
          '4XX': { $ref: '#/components/responses/Refused' },
          '5XX': { $ref: '#/components/responses/Failed' },
        },
      },
    };
  }

  const probe = (operationId: string, summary: string) => ({
    get: {
      operationId,
      summary,
      security: [],
      responses: {
        '200': { description: 'ok', ...json({ type: 'object', properties: { ok: {} } }) },
        '503': { description: 'not ready, or shutting down' },
      },
    },
  });

  return {
    openapi: '3.1.0',
    info: {
      title: 'Sefer Chat API',
      version,
      description:
        'Every action is `POST /api/rpc/{Action}` with its fields as a JSON body; a success ' +
        "answers 200 with `Error` 0 and the action's fields, a refusal an HTTP error with " +
        `\`{Error, Errstr}\` (${rpcStatuses}). The spec's \`POST /api\` with \`{action, ...fields}\` ` +
        'takes the same actions and answers most refusals with 200 and `Error` ≠ 0. ' +
        'Identity comes from the session: `Authorization: Bearer <token>` (the token SendToken ' +
        'answers a password sign-in), or the `sid` cookie plus an `X-XSRF-TOKEN` header copied ' +
        'from the `XSRF-TOKEN` cookie. `lang` (he, en) picks the language of `Errstr`. An ' +
        'action whose operation lists `x-stream-events` answers Server-Sent Events when asked ' +
        'for `text/event-stream`: those events, the last one `done` with the JSON answer.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }, { session: [] }, {}],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        session: { type: 'apiKey', in: 'cookie', name: 'sid' },
      },
      responses: {
        Refused: refusalResponse(`refused (${rpcStatuses})`),
        Failed: refusalResponse('internal error (details only in the log, under x-request-id)'),
      },
      schemas,
    },
    paths: {
      ...rpcPaths,
      [ActionsPath]: {
        post: {
          operationId: 'callAction',
          summary: "Call an action (the spec's form: `{action, ...fields}`)",
          requestBody: {
            required: true,
            ...json({ oneOf: requests, discriminator: { propertyName: 'action', mapping } }),
          },
          responses: {
            '200': {
              description: "the action's answer, or a refusal with Error ≠ 0",
              ...json({ anyOf: [...answers, refusalRef] }),
            },
            '400': refusalResponse('bad input or unknown action'),
            '401': refusalResponse('not signed in'),
            '402': refusalResponse('no credits left'),
            '403': refusalResponse('forbidden, or the XSRF header is missing'),
            '429': refusalResponse('too many requests'),
            '500': refusalResponse('internal error (details only in the log, under x-request-id)'),
            '502': refusalResponse('an outside service did not answer'),
          },
        },
      },
      [DirectPaths.health]: probe('health', 'The process answers'),
      [DirectPaths.ready]: probe('ready', 'The database answers and every migration is applied'),
      [DirectPaths.schema]: {
        get: {
          operationId: 'schema',
          summary: 'This document',
          security: [],
          responses: { '200': { description: 'OpenAPI 3.1', ...json({ type: 'object' }) } },
        },
      },
      ...directPaths(),
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
