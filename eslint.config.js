import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

import { BOUNDARY_ELEMENTS, BOUNDARY_POLICIES } from './eslint.boundaries.js';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'data/',
      'drizzle/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'src/web/public/',
      'examples/api-types.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Layers by folder and file (DESIGN.md §1), whatever a file is called: a helper file in a
    // domain folder is a domain file and gets the domain's rules. lint-boundaries.test.ts feeds
    // the linter a file breaking each rule and expects it to fail.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': BOUNDARY_ELEMENTS,
      'boundaries/legacy-warnings': false,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        { default: 'allow', checkAllOrigins: true, policies: BOUNDARY_POLICIES },
      ],
    },
  },
  {
    // Configuration is read in one place: src/server/config.ts parses the environment.
    files: ['src/**/*.{ts,tsx}'],
    // ci-services.ts is the test run's set-up: it reads the run's CI flag, not the server's.
    ignores: [
      'src/server/config.ts',
      'src/server/test/ci-services.ts',
      '**/*.test.ts',
      '**/*.test.tsx',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'read configuration through src/server/config.ts',
        },
      ],
    },
  },
  {
    // Services get their repositories from createServices (the operator's from admin-run.ts),
    // not the database: no `deps.db` (nor `{ db }` taken out of deps).
    files: ['src/server/**/*.service.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='db']",
          message: 'services receive their repositories from createServices, never deps.db',
        },
        {
          selector: "ObjectPattern > Property[key.name='db']",
          message: 'services receive their repositories from createServices, never deps.db',
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // One module makes every TanStack Query key (docs/adding-an-action.md, step 5), so features
    // reach each other's data without importing each other. lint-query-keys.test.ts checks it.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/shared/api/query-keys.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: 'make query keys in src/web/shared/api/query-keys.ts (queryKeys.…)',
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
