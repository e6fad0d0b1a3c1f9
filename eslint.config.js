import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeOnly = ['node:*', 'better-sqlite3', 'undici', 'fastify', 'electron'];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'scratch/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // Typed rules: a promise is awaited, returned or explicitly let go (`void`), never dropped by accident.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // The core, the service and the contract run in plain Node: never Electron.
    files: ['electron/core/**', 'service/**', 'shared/**', 'test/**', 'bin/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', message: 'Only electron/main and electron/preload may import electron.' }] },
      ],
    },
  },
  {
    // The core reaches the reference service through service/embed.ts only (start, stop, is the demo stale,
    // the `foyer service` command): never its tables, stores or routes.
    files: ['electron/core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'Only electron/main and electron/preload may import electron.' }],
          patterns: [
            {
              group: ['**/service/**', '!**/service/embed.ts'],
              message: 'The core uses the reference service through service/embed.ts only.',
            },
          ],
        },
      ],
    },
  },
  {
    // Outbox rows outlive upgrades: what a row holds is parsed with its kind's schema (outbox/payloads.ts),
    // so that a row of an older shape fails alone, never cast and then broken somewhere else.
    files: ['electron/core/outbox/**', 'electron/core/db/repos/outbox.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSAsExpression > CallExpression[callee.object.name='JSON'][callee.property.name='parse']",
          message: 'Parse stored JSON with a schema (see electron/core/outbox/payloads.ts), do not cast it.',
        },
      ],
    },
  },
  {
    // The wire contract is shared with the renderer: no Node modules.
    files: ['shared/api/**', 'shared/contract/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: nodeOnly, message: 'shared/ must run in a browser too.' }] },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: nodeOnly, message: 'The renderer reaches the core through the contract only.' },
            {
              group: ['**/electron/**', '**/service/**'],
              message: 'The renderer reaches the core through the contract only.',
            },
          ],
        },
      ],
    },
  },
);
