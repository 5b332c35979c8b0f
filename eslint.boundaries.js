/**
 * The import boundaries of DESIGN.md §1, by folder and layer (eslint-plugin-boundaries).
 * Every file of src/ is one element; the first pattern that matches names it.
 */

/** Files that may talk to the database: repositories, the database module, adapters, roots. */
const DATA_LAYER = ['server-repo', 'server-db', 'server-adapter', 'server-root', 'server-test'];
/** Files that may see Fastify: the HTTP layer, direct endpoints and the composition root. */
const HTTP_LAYER = ['server-http', 'server-root', 'server-test'];

export const BOUNDARY_ELEMENTS = [
  {
    type: 'protocol-values',
    mode: 'file',
    pattern:
      'src/protocol/{access,answer,constants,errors,friend-rules,lorebook-limits,paths,public-config,push,streams,usage,voice-constants}.ts',
  },
  { type: 'protocol-schema', mode: 'file', pattern: 'src/protocol/**/*.ts' },
  {
    type: 'server-test',
    mode: 'file',
    pattern: [
      'src/server/**/*.test.ts',
      'src/server/**/*-test-kit.ts',
      'src/server/test/**/*.ts',
      'src/server/rpc/security-fixture.ts',
      'src/server/platform/test-transports.ts',
    ],
  },
  { type: 'server-config', mode: 'file', pattern: 'src/server/config.ts' },
  {
    type: 'server-root',
    mode: 'file',
    pattern: ['src/server/{main,deps,runtime,app,services}.ts', 'src/server/admin/cli.ts'],
  },
  { type: 'server-repo', mode: 'file', pattern: 'src/server/**/*.repo.ts' },
  { type: 'server-service', mode: 'file', pattern: 'src/server/**/*.service.ts' },
  { type: 'server-db', mode: 'file', pattern: 'src/server/db/**/*.ts' },
  { type: 'server-adapter', mode: 'file', pattern: 'src/server/{infra,platform,seed}/**/*.ts' },
  {
    type: 'server-http',
    mode: 'file',
    pattern: [
      'src/server/http/**/*.ts',
      'src/server/ops/**/*.ts',
      'src/server/**/*.routes.ts',
      'src/server/admin/admin-endpoint.ts',
    ],
  },
  { type: 'server-domain', mode: 'file', pattern: 'src/server/**/*.ts' },
  { type: 'web-feature', pattern: 'src/web/features/*', capture: ['feature'] },
  { type: 'web-shared', pattern: 'src/web/shared' },
  { type: 'web-app', pattern: 'src/web/app' },
  // The web tests' harness: never in the bundle, so it may check answers with the schemas.
  { type: 'web-test', mode: 'file', pattern: 'src/web/test/**/*.{ts,tsx}' },
  { type: 'web-other', mode: 'file', pattern: 'src/web/**/*.{ts,tsx}' },
];

const SERVER = ['server-*'];
const WEB = ['web-*'];
/** What the browser loads: the web less its tests' harness. */
const WEB_BUNDLED = ['web-feature', 'web-shared', 'web-app', 'web-other'];
const el = (types) => ({ element: { types: { anyOf: [types].flat() } } });
const notEl = (types) => ({ element: { types: { noneOf: [types].flat() } } });
const pkg = (sources) => ({ module: { origin: 'external', source: [sources].flat() } });

export const BOUNDARY_POLICIES = [
  {
    from: el(['protocol-*']),
    disallow: { to: [el([...SERVER, ...WEB]), { module: { origin: 'external', source: '!zod' } }] },
    message: 'the protocol imports only zod and itself',
  },
  {
    from: el('protocol-values'),
    disallow: { to: [el('protocol-schema'), pkg('zod')] },
    // Types are erased: a zod-free module may name a schema's type (stream events, answers).
    importKind: 'value',
    message: 'zod-free protocol modules (the browser imports them) never import zod schemas',
  },
  {
    from: el(SERVER),
    disallow: { to: el(WEB) },
    message: 'the server never imports the web client',
  },
  {
    from: notEl(DATA_LAYER),
    disallow: {
      to: [el('server-db'), pkg(['drizzle-orm', 'drizzle-orm/**', 'pg', '@electric-sql/**'])],
    },
    importKind: 'value',
    message: 'only repositories (*.repo.ts) talk to the database',
  },
  {
    from: el('server-service'),
    disallow: { to: el('server-repo') },
    // A repository's row types are fine; its factory is createRepos's (src/server/repos.ts).
    importKind: 'value',
    message:
      'services receive their repositories from createServices (Pick<Repos, …>), never build them',
  },
  {
    from: notEl(HTTP_LAYER),
    disallow: { to: [el('server-http'), pkg(['fastify', '@fastify/**'])] },
    message: 'handlers and services never see Fastify: direct endpoints live in *.routes.ts',
  },
  {
    from: el('server-repo'),
    disallow: { to: pkg(['ai', '@ai-sdk/**']) },
    message: 'repositories only talk to the database',
  },
  {
    from: el(WEB),
    disallow: {
      to: [el(SERVER), pkg(['fastify', 'drizzle-orm', 'drizzle-orm/**', 'pg', '@electric-sql/**'])],
    },
    message: 'the web never imports the server',
  },
  {
    from: el(WEB_BUNDLED),
    disallow: { to: [el('protocol-schema'), pkg('zod')] },
    importKind: 'value',
    message:
      'the web imports protocol types only (zod stays out of the browser): use the zod-free modules',
  },
  {
    from: el('web-feature'),
    disallow: { to: el(['web-feature', 'web-app']) },
    message: 'features do not import each other or the app',
  },
  {
    from: el('web-shared'),
    disallow: { to: el(['web-feature', 'web-app']) },
    message: 'shared code does not depend on features or the app',
  },
];
