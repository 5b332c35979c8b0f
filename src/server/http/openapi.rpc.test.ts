import SwaggerParser from '@apidevtools/swagger-parser';
// Ajv 8 with JSON Schema 2020-12 (what OpenAPI 3.1 uses).
import ajv2020 from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directEndpoints } from '../../protocol/direct.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { ActionsPath, rpcPath } from '../../protocol/paths.ts';
import { actionNames } from '../../protocol/registry.ts';
import {
  createTestApp,
  rpc,
  rpcAt,
  userWithSession,
  type CallResult,
  type TestApp,
} from '../test/harness.ts';
import { openApiDocument } from './openapi.ts';

// A CommonJS module: its class is the `default` of its exports.
const Ajv2020 = ajv2020.default;

type Schema = Record<string, unknown>;
const doc = openApiDocument('test');
type Doc = typeof doc;
type Op = { post: { responses: Record<string, unknown> } };
const paths = doc.paths as unknown as Record<string, Op>;

/** `#/components/…` resolved in the document. */
function resolve(node: unknown): Schema {
  let n = node as Schema;
  while (typeof n?.$ref === 'string') {
    n = (n.$ref as string)
      .slice(2)
      .split('/')
      .reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], doc) as Schema;
  }
  return n;
}

/** The values a schema allows for a property, when it names them (const, enum), else null. */
function values(s: Schema | undefined): unknown[] | null {
  if (!s) return null;
  if ('const' in s) return [s.const];
  if (Array.isArray(s.enum)) return s.enum;
  return null;
}

const types = (s: Schema): Set<string> | null => {
  if (typeof s.type === 'string')
    return new Set(s.type === 'integer' ? ['integer', 'number'] : [s.type]);
  if (Array.isArray(s.type)) return new Set(s.type as string[]);
  if ('const' in s) return new Set([typeof s.const]);
  return null;
};

/**
 * Two branches that no value can match both: different types, different constants, or a
 * property both require whose allowed values do not meet (a discriminator). Anything else
 * counts as an overlap (a `oneOf` would then refuse a value both match).
 */
function disjoint(a: Schema, b: Schema): boolean {
  const ta = types(a);
  const tb = types(b);
  if (ta && tb && ![...ta].some((t) => tb.has(t))) return true;
  const va = values(a);
  const vb = values(b);
  if (va && vb && !va.some((v) => vb.includes(v))) return true;
  const pa = (a.properties ?? {}) as Record<string, Schema>;
  const pb = (b.properties ?? {}) as Record<string, Schema>;
  const ra = (a.required ?? []) as string[];
  const rb = (b.required ?? []) as string[];
  return ra.some((k) => {
    if (!rb.includes(k)) return false;
    const x = values(resolve(pa[k]));
    const y = values(resolve(pb[k]));
    return !!x && !!y && !x.some((v) => y.includes(v));
  });
}

/** Every `oneOf` of the document with where it is. */
function oneOfs(node: unknown, at = '#', out: { at: string; branches: unknown[] }[] = []) {
  if (Array.isArray(node)) node.forEach((n, i) => oneOfs(n, `${at}/${i}`, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === 'oneOf' && Array.isArray(v)) out.push({ at, branches: v });
      oneOfs(v, `${at}/${k}`, out);
    }
  }
  return out;
}

describe('the OpenAPI document (GET /api/schema)', () => {
  it('is valid OpenAPI 3.1 (swagger-parser: 0 errors)', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('has no oneOf whose branches overlap', () => {
    const found = oneOfs(doc);
    expect(found.length).toBeGreaterThan(0);
    const overlaps: string[] = [];
    for (const { at, branches } of found) {
      const bs = branches.map(resolve);
      for (let i = 0; i < bs.length; i++)
        for (let j = i + 1; j < bs.length; j++)
          if (!disjoint(bs[i]!, bs[j]!)) overlaps.push(`${at}: branches ${i} and ${j}`);
    }
    expect(overlaps).toEqual([]);
  });

  it('the checker sees an overlap: two answers with only optional fields', () => {
    const a = { type: 'object', properties: { token: { type: 'string' } } };
    const b = { type: 'object', properties: { sent: { type: 'integer' } } };
    expect(disjoint(a, b)).toBe(false);
    const c = { ...a, properties: { action: { const: 'x' } }, required: ['action'] };
    const d = { ...a, properties: { action: { const: 'y' } }, required: ['action'] };
    expect(disjoint(c, d)).toBe(true);
  });

  it('has one operation per action, operationId = the action, with its request and answer', () => {
    const ids = new Set<string>();
    for (const name of actionNames) {
      const op = (doc.paths as Record<string, { post?: Record<string, unknown> }>)[rpcPath(name)]
        ?.post as {
        operationId: string;
        requestBody: { content: Record<string, { schema: Schema }> };
        responses: Record<string, { content?: Record<string, { schema: Schema }>; $ref?: string }>;
      };
      expect(op, name).toBeDefined();
      expect(op.operationId).toBe(name);
      ids.add(op.operationId);
      expect(op.requestBody.content['application/json']!.schema.$ref).toBe(
        `#/components/schemas/${name}Input`,
      );
      expect(op.responses['200']!.content!['application/json']!.schema.$ref).toBe(
        `#/components/schemas/${name}Answer`,
      );
      expect(resolve(op.responses['4XX']).content).toBeDefined();
    }
    expect(ids.size).toBe(actionNames.length);
  });

  it('documents every direct endpoint, each with an operationId', () => {
    const paths = doc.paths as Record<string, Record<string, { operationId?: string }>>;
    for (const [name, e] of Object.entries(directEndpoints)) {
      const path = e.path.endsWith('/') ? `${e.path}{name}` : e.path;
      const op = paths[path]?.[e.method.toLowerCase()];
      expect(op, `${name}: ${e.method} ${path}`).toBeDefined();
      expect(op!.operationId, name).toBeTruthy();
    }
  });

  it('says what the server accepts: no defaults generators read as required, no empty image', () => {
    const schemas = doc.components.schemas as Record<string, Schema>;
    for (const [name, s] of Object.entries(schemas)) {
      if (name.endsWith('Input') || name.endsWith('Request'))
        expect(JSON.stringify(s), name).not.toContain('"default"');
    }
    const save = schemas.SetFriendDetailsInput as { required: string[]; properties: Schema };
    expect(save.required).toContain('image');
    expect(save.properties.image).toMatchObject({ minLength: 1 });
    expect(save.required).not.toContain('personality');
    const speech = schemas.SpeechRequest as { required?: string[]; properties: Schema };
    expect(Object.keys(speech.properties)).toEqual(
      expect.arrayContaining(['text', 'voice', 'voice_instructions', 'friendid', 'messageid']),
    );
    expect(speech.required ?? []).not.toContain('messageid');
    const card = (doc.paths as Doc['paths'])['/api/card'].post;
    expect(JSON.stringify(card)).toContain('CardImportAnswer');
    expect(JSON.stringify(card.requestBody)).toContain('"lang"');
  });
});

describe('real answers validate against their operation', () => {
  let t: TestApp;
  let maker: string;
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema(doc as never, 'api');

  /** The schema an answer of `path` with `status` must fit. */
  function answerSchema(path: string, status: number): Schema {
    const responses = paths[path]!.post.responses;
    const r = resolve(responses[String(status)] ?? responses[`${String(status)[0]}XX`]) as {
      content: { 'application/json': { schema: Schema } };
    };
    expect(r, `${path} ${status} is documented`).toBeDefined();
    return r.content['application/json'].schema;
  }

  function expectFits(path: string, r: CallResult) {
    const schema = answerSchema(path, r.status);
    const check = ajv.compile(schemaWithRefs(schema));
    const ok = check(r.body);
    expect(
      ok,
      `${path} ${r.status} ${JSON.stringify(r.body)}: ${ajv.errorsText(check.errors)}`,
    ).toBe(true);
  }

  beforeAll(async () => {
    t = await createTestApp('pglite');
    maker = await userWithSession(t, 'maker@example.com', { grant: 'canadd' });
  });
  afterAll(() => t.close());

  it('success answers of several actions fit their 200 on both paths', async () => {
    const calls: [string, Record<string, unknown>, string | undefined][] = [
      ['SendToken', { email: 'maker@example.com', password: 'correct horse battery' }, undefined],
      ['GetCategories', { lang: 'en' }, undefined],
      ['GetFriends', { showall: 1 }, maker],
      [
        'SetFriendDetails',
        {
          insert: 1,
          friendid: 'schemacheck',
          friendname: 'Schema check',
          image: '/files/images/x.webp',
          personality: 'Precise.',
          firstprompt: 'Hello.',
        },
        maker,
      ],
      ['CheckEditPriv', { friendid: 'schemacheck' }, maker],
      ['AskFriend', { friendid: 'schemacheck', message: 'Who are you?' }, maker],
      ['GetSubjects', { friendid: 'schemacheck' }, maker],
      ['RetrieveConversation', { friendid: 'schemacheck' }, maker],
      ['GetSetUserData', {}, maker],
      ['GetLangFromIP', {}, undefined],
      ['SendToken', { email: 'maker@example.com' }, undefined],
      ['GetSubscriptionTypes', {}, undefined],
    ];
    for (const [action, fields, bearer] of calls) {
      const at = await rpcAt(t.app, action, fields, bearer ? { bearer } : {});
      expect(at.status, `${action}: ${JSON.stringify(at.body)}`).toBe(200);
      expectFits(rpcPath(action), at);
      const old = await rpc(
        t.app,
        { action, ...fields, ...(action === 'SetFriendDetails' ? { insert: 0 } : {}) },
        bearer ? { bearer } : {},
      );
      expect(old.body.Error, `${action} on POST /api`).toBe(0);
      expectFits(ActionsPath, old);
    }
  });

  it('refusals fit the refusal shape with a 4xx on /api/rpc, and POST /api as documented', async () => {
    const cases: [string, Record<string, unknown>, string | undefined, number, number][] = [
      ['GetFriends', {}, undefined, 401, ErrorCode.UNAUTHENTICATED],
      ['GetFriendDetails', { friendid: 'nosuchone' }, maker, 404, ErrorCode.NOT_FOUND],
      ['SetFriendDetails', { friendid: 'x', friendname: 3 }, maker, 400, ErrorCode.BAD_INPUT],
      ['GetUsageStats', { days: 7 }, maker, 403, ErrorCode.FORBIDDEN],
      [
        'SendToken',
        { email: 'maker@example.com', password: 'wrong one' },
        undefined,
        401,
        ErrorCode.WRONG_PASSWORD,
      ],
      ['GetFriends', { email: 'someone@example.com' }, maker, 403, ErrorCode.IDENTITY_MISMATCH],
    ];
    for (const [action, fields, bearer, status, code] of cases) {
      const at = await rpcAt(t.app, action, fields, bearer ? { bearer } : {});
      expect(at.status, `${action}: ${JSON.stringify(at.body)}`).toBe(status);
      expect(at.body.Error).toBe(code);
      expectFits(rpcPath(action), at);
      const old = await rpc(t.app, { action, ...fields }, bearer ? { bearer } : {});
      expect(old.body.Error).toBe(code);
      expectFits(ActionsPath, old);
    }
  });

  it('a session cookie without the XSRF header is refused on /api/rpc as on POST /api', async () => {
    const opts = { cookies: { sid: maker, 'XSRF-TOKEN': 'abc' } };
    const at = await rpcAt(t.app, 'GetFriends', {}, opts);
    expect(at.status).toBe(403);
    expect(at.body.Error).toBe(ErrorCode.CSRF);
    const old = await rpc(t.app, { action: 'GetFriends' }, opts);
    expect(old.body.Error).toBe(ErrorCode.CSRF);
    const withHeader = await rpcAt(
      t.app,
      'GetFriends',
      {},
      {
        ...opts,
        headers: { 'x-xsrf-token': 'abc' },
      },
    );
    expect(withHeader.status).toBe(200);
  });

  it('the validator refuses what does not fit (a wrong answer, a refusal as a success)', () => {
    const fits = (path: string, status: number, body: unknown) =>
      ajv.compile(schemaWithRefs(answerSchema(path, status)))(body);
    const path = rpcPath('GetFriends');
    expect(fits(path, 200, { Error: 0, friends: [] })).toBe(true);
    expect(fits(path, 200, { Error: 0, friends: 'none' })).toBe(false);
    expect(fits(path, 200, { Error: ErrorCode.NOT_FOUND, Errstr: 'x' })).toBe(false);
    expect(fits(path, 404, { Error: ErrorCode.NOT_FOUND })).toBe(false);
  });

  it('the path names the action: an action field in the body changes nothing', async () => {
    const r = await rpcAt(t.app, 'GetLangFromIP', { action: 'SignOut' });
    expect(r.status).toBe(200);
    expectFits(rpcPath('GetLangFromIP'), r);
  });
});

/** A schema of the document to compile on its own: its `#/…` refs point into the document. */
function schemaWithRefs(schema: Schema): Schema {
  return JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/', '"$ref":"api#/')) as Schema;
}
