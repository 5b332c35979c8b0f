import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The web makes its query keys only in shared/api/query-keys.ts (eslint.config.js). */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function problems(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const literal = "export const options = { queryKey: ['friends', 'dana'] };\n";
const factory =
  "import { queryKeys } from '../../shared/api/query-keys.ts';\n" +
  'export const options = { queryKey: queryKeys.friends.all() };\n';

describe('query keys come from one module', () => {
  it('a feature writing its own key is refused', async () => {
    expect(await problems('src/web/features/friends/some-hook.ts', literal)).toEqual([
      expect.stringContaining('src/web/shared/api/query-keys.ts'),
    ]);
  });

  it('a key from queryKeys passes; query-keys.ts and tests may write arrays', async () => {
    expect(await problems('src/web/features/friends/some-hook.ts', factory)).toEqual([]);
    expect(await problems('src/web/shared/api/query-keys.ts', literal)).toEqual([]);
    expect(await problems('src/web/features/friends/x.test.ts', literal)).toEqual([]);
  });
});
