import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import boundaries (eslint.boundaries.js) hold: the linter is fed a file breaking each
 * rule, at a path of the layer it pretends to be, and must refuse it with that rule's words.
 * The files are never written: lintText lints text as if it were at that path.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function problems(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter(
      (m) =>
        m.ruleId === 'boundaries/dependencies' ||
        m.ruleId === 'no-restricted-properties' ||
        m.ruleId === 'no-restricted-syntax',
    )
    .map((m) => m.message);
}

const cases: { rule: string; path: string; code: string; says: string }[] = [
  {
    rule: 'a domain helper (no suffix) querying the database',
    path: 'src/server/chat/some-helper.ts',
    code: "import { sql } from 'drizzle-orm';\nexport const q = sql`select 1`;\n",
    says: 'only repositories',
  },
  {
    rule: 'a service reading a table',
    path: 'src/server/chat/some.service.ts',
    code: "import { users } from '../db/schema.ts';\nexport const t = users;\n",
    says: 'only repositories',
  },
  {
    rule: 'a service building its own repository',
    path: 'src/server/reading/reading.service.ts',
    code: "import { readingRepo } from './reading.repo.ts';\nexport const r = readingRepo;\n",
    says: 'services receive their repositories',
  },
  {
    rule: 'a service reading deps.db',
    path: 'src/server/reading/reading.service.ts',
    code: "import type { Deps } from '../deps.ts';\nexport const f = (deps: Deps) => deps.db;\n",
    says: 'never deps.db',
  },
  {
    rule: 'a service taking the database out of deps',
    path: 'src/server/group/group.service.ts',
    code: "import type { Deps } from '../deps.ts';\nexport const f = ({ db }: Deps) => db;\n",
    says: 'never deps.db',
  },
  {
    rule: 'a handler seeing Fastify',
    path: 'src/server/chat/chat.handlers.ts',
    code: "import Fastify from 'fastify';\nexport const f = Fastify;\n",
    says: 'never see Fastify',
  },
  {
    rule: 'a domain helper using the HTTP layer',
    path: 'src/server/chat/helper.ts',
    code: "import { requestInfo } from '../http/request.ts';\nexport const r = requestInfo;\n",
    says: 'never see Fastify',
  },
  {
    rule: 'a repository calling a model',
    path: 'src/server/chat/chat.repo.ts',
    code: "import { generateText } from 'ai';\nexport const g = generateText;\n",
    says: 'repositories only talk to the database',
  },
  {
    rule: 'the server importing the web',
    path: 'src/server/chat/helper.ts',
    code: "import { toMb } from '../../web/shared/api/config.ts';\nexport const m = toMb;\n",
    says: 'the server never imports the web client',
  },
  {
    rule: 'the protocol importing the server',
    path: 'src/protocol/constants.ts',
    code: "import { msg } from '../server/wording.ts';\nexport const m = msg;\n",
    says: 'the protocol imports only zod',
  },
  {
    rule: 'a zod-free protocol module importing a schema',
    path: 'src/protocol/paths.ts',
    code: "import { FriendId } from './fields.ts';\nexport const f = FriendId;\n",
    says: 'zod-free protocol modules',
  },
  {
    rule: 'a feature importing another through the features folder',
    path: 'src/web/features/chat/some/deep.tsx',
    code: "import { x } from '../../../features/images/create-image-api.ts';\nexport const y = x;\n",
    says: 'features do not import each other',
  },
  {
    rule: 'a feature importing a sibling feature',
    path: 'src/web/features/chat/thing.ts',
    code: "import { x } from '../images/create-image-api.ts';\nexport const y = x;\n",
    says: 'features do not import each other',
  },
  {
    rule: 'a feature importing the app',
    path: 'src/web/features/chat/thing.ts',
    code: "import { App } from '../../app/app.tsx';\nexport const y = App;\n",
    says: 'features do not import each other or the app',
  },
  {
    rule: 'shared code importing a feature',
    path: 'src/web/shared/api/thing.ts',
    code: "import { x } from '../../features/images/create-image-api.ts';\nexport const y = x;\n",
    says: 'shared code does not depend on features',
  },
  {
    rule: 'the web importing a zod schema value',
    path: 'src/web/shared/api/thing.ts',
    code: "import { FriendId } from '../../../protocol/fields.ts';\nexport const y = FriendId;\n",
    says: 'the web imports protocol types only',
  },
  {
    rule: 'the web importing the server',
    path: 'src/web/shared/api/thing.ts',
    code: "import { msg } from '../../../server/wording.ts';\nexport const y = msg;\n",
    says: 'the web never imports the server',
  },
  {
    rule: 'process.env outside config.ts',
    path: 'src/server/chat/helper.ts',
    code: 'export const key = process.env.OPENAI_API_KEY;\n',
    says: 'read configuration through src/server/config.ts',
  },
];

describe('import boundaries', () => {
  it.each(cases)('refuse $rule', async ({ path, code, says }) => {
    expect((await problems(path, code)).join('\n')).toContain(says);
  });

  it('let each layer import what it may', async () => {
    const allowed: [string, string][] = [
      [
        'src/server/chat/some.service.ts',
        "import type { Db } from '../db/client.ts';\nexport type D = Db;\n",
      ],
      [
        'src/server/chat/chat.repo.ts',
        "import { sql } from 'drizzle-orm';\nexport const q = sql`select 1`;\n",
      ],
      [
        'src/server/reading/reading.service.ts',
        "import type { Repos } from '../repos.ts';\nimport type { FileRow } from '../knowledge/files.repo.ts';\nexport type R = Pick<Repos, 'reading'> & FileRow;\n",
      ],
      [
        'src/server/chat/chat.routes.ts',
        "import type { FastifyInstance } from 'fastify';\nexport type F = FastifyInstance;\n",
      ],
      [
        'src/web/features/chat/thing.ts',
        "import { DirectPaths } from '../../../protocol/paths.ts';\nimport type { FriendId } from '../../../protocol/fields.ts';\nexport const p = DirectPaths;\nexport type F = typeof FriendId;\n",
      ],
      [
        'src/protocol/streams.ts',
        "import type { ChatMessage } from './actions/chat.ts';\nexport type M = ChatMessage;\n",
      ],
      [
        'src/web/features/chat/deep/thing.ts',
        "import { x } from '../chat-types.ts';\nexport const y = x;\n",
      ],
    ];
    for (const [path, code] of allowed) expect(await problems(path, code), path).toEqual([]);
  });
});
