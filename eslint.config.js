import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import boundaries of DESIGN.md §1, enforced. */
const restrict = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

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
    files: ['src/protocol/**/*.ts'],
    rules: restrict(
      {
        regex: '^(?!zod$|\\./|\\.\\./(?!\\.\\./)).*',
        message: 'protocol imports only zod and itself',
      },
      {
        group: ['**/server/**', '**/web/**'],
        message: 'protocol imports only zod',
      },
    ),
  },
  {
    files: ['src/server/**/*.ts'],
    rules: restrict({ group: ['**/web/**'], message: 'the server never imports the web client' }),
  },
  {
    files: ['src/server/**/*.handlers.ts'],
    rules: restrict(
      { group: ['**/web/**'], message: 'the server never imports the web client' },
      {
        group: ['drizzle-orm', 'drizzle-orm/*', '**/*.repo.ts', '**/db/*'],
        message: 'handlers call services, never the database',
      },
    ),
  },
  {
    // Direct HTTP endpoints: like handlers, they call services and never the database.
    files: ['src/server/**/*.routes.ts'],
    rules: restrict(
      { group: ['**/web/**'], message: 'the server never imports the web client' },
      {
        group: ['drizzle-orm', 'drizzle-orm/*', '**/*.repo.ts', '**/db/*'],
        message: 'routes call services, never the database',
      },
    ),
  },
  {
    files: ['src/server/**/*.service.ts'],
    rules: restrict(
      { group: ['**/web/**'], message: 'the server never imports the web client' },
      {
        group: ['fastify', '@fastify/*', '**/*.handlers.ts', '**/app.ts'],
        message: 'services never see Fastify',
      },
    ),
  },
  {
    files: ['src/server/**/*.repo.ts'],
    rules: restrict(
      { group: ['**/web/**'], message: 'the server never imports the web client' },
      {
        group: ['ai', '@ai-sdk/*', '**/ai/**', '**/*.service.ts', 'fastify'],
        message: 'repositories only talk to the database',
      },
    ),
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict({
        group: ['**/server/**', 'fastify', 'drizzle-orm', 'pg', '@electric-sql/*'],
        message: 'the web never imports the server',
      }),
    },
  },
  {
    files: ['src/web/shared/**/*.{ts,tsx}'],
    rules: restrict(
      { group: ['**/server/**'], message: 'the web never imports the server' },
      {
        group: ['**/features/**', '**/app/**'],
        message: 'shared code does not depend on features or the app',
      },
    ),
  },
  {
    files: ['src/web/features/*/*.{ts,tsx}'],
    rules: restrict(
      { group: ['**/server/**'], message: 'the web never imports the server' },
      { regex: '^\\.\\./(?!\\.\\./)', message: 'features do not import each other' },
      { group: ['**/app/**'], message: 'features do not import the app' },
    ),
  },
  {
    files: ['src/web/features/*/*/*.{ts,tsx}'],
    rules: restrict(
      { group: ['**/server/**'], message: 'the web never imports the server' },
      { regex: '^\\.\\./\\.\\./(?!\\.\\./)', message: 'features do not import each other' },
      { group: ['**/app/**'], message: 'features do not import the app' },
    ),
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
