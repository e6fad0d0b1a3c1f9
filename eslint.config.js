import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeOnly = ['node:*', 'better-sqlite3', 'undici', 'fastify', 'electron'];

// One rule per file takes effect (a later block replaces an earlier one's options), so each block that matches
// electron/ or shared/ files lists this pattern again.
const notRenderer = {
  group: ['**/renderer/**'],
  message: 'electron/ and shared/ do not import renderer/: what both sides need lives in shared/.',
};
const noElectron = { name: 'electron', message: 'Only electron/main and electron/preload may import electron.' };
const serviceByEmbedOnly = {
  group: ['**/service/**', '!**/service/embed.ts'],
  message: 'The core uses the reference service through service/embed.ts only.',
};
// The core's layers point down. The doors (app/: core.call and its handlers; web/: the browser host; cli/: the
// command) sit on top; every other folder of the core (use cases, domains, db, sync, outbox, access, errors.ts,
// runtime.ts) is below them and imports none of them. domain.ts (what a domain plugs into the doors: its screen sees
// a call's context) and domains.ts (the list of them, with their handlers) are the doors' plugs.
const doorsAbove = [
  'electron/core/app/**',
  'electron/core/web/**',
  'electron/core/cli/**',
  'electron/core/domains.ts',
  'electron/core/domain.ts',
  // A domain's folder (electron/core/<domain>/): its handlers, its plug and its commands (a door of the command
  // line, held to the CLI's rules below) sit with the doors, the rest below.
  'electron/core/*/handlers.ts',
  'electron/core/*/domain.ts',
  'electron/core/*/commands.ts',
  'electron/core/*/*-command.ts',
];
const notDoors = {
  group: ['**/app/**', '**/web/**', '**/cli/**'],
  message:
    'Layers point down: below app/, the core imports nothing of app/, web/ or cli/ (errors.ts and access/ are below them).',
};

// The renderer reaches the core through the contract only.
const rendererOnly = [
  { group: nodeOnly, message: 'The renderer reaches the core through the contract only.' },
  { group: ['**/electron/**', '**/service/**'], message: 'The renderer reaches the core through the contract only.' },
];

// A store's selector runs on every render and its answer is compared with the last one (useShallow: each value with
// Object.is). A value made afresh each time (a function, an object, an array, a filtered list) never compares equal,
// so React renders again, forever: "Maximum update depth exceeded" (React #185) and a white page. Select the
// store's own values and derive in the component (or with useMemo).
const fresh =
  ':matches(ArrowFunctionExpression, FunctionExpression, ObjectExpression, ArrayExpression, NewExpression, ' +
  'CallExpression[callee.property.name=/^(map|filter|slice|concat|flatMap|toSorted|toReversed|toSpliced|with|entries|keys|values|from|bind)$/])';
const shallowObject = [
  "CallExpression[callee.name='useShallow'] > :function > ObjectExpression",
  "CallExpression[callee.name='useShallow'] > :function > BlockStatement > ReturnStatement > ObjectExpression",
];
const hooksNotStores =
  /^use(Shallow|Memo|State|Callback|Reducer|Ref|Effect|LayoutEffect|InsertionEffect|SyncExternalStore|ImperativeHandle|Transition|DeferredValue|Id)$/;
const storeSelector = `CallExpression[callee.name=/^use[A-Z]/]:not([callee.name=${hooksNotStores}]) > :function`;
const freshInSelector =
  "A store selector must not make a new value on each call (React #185, a white page): select the store's own values and derive them in the component.";
const storeSelectorRules = [
  ...shallowObject.flatMap((object) => [
    { selector: `${object} > Property > ${fresh}`, message: freshInSelector },
    {
      selector: `${object} > Property > :matches(ConditionalExpression, LogicalExpression, TSAsExpression) > ${fresh}`,
      message: freshInSelector,
    },
  ]),
  {
    selector: `${storeSelector} > :matches(ObjectExpression, ArrayExpression)`,
    message: `${freshInSelector} (or wrap it in useShallow)`,
  },
];

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
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron] }] },
  },
  {
    // The Electron shell's own pages (the device's "cannot reach the hub") read the kiosk's words from shared/.
    // electron/core/ is held to this too, by its own block below.
    files: ['electron/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [notRenderer] }] },
  },
  {
    files: ['shared/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron], patterns: [notRenderer] }] },
  },
  {
    // The core reaches the reference service through service/embed.ts only (start, stop, is the demo stale,
    // the `foyer service` command): never its tables, stores or routes.
    files: ['electron/core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron],
          patterns: [serviceByEmbedOnly, notRenderer],
        },
      ],
    },
  },
  {
    // Below the doors: the same as the block above, and nothing of app/, web/ or cli/.
    files: ['electron/core/**'],
    ignores: doorsAbove,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron],
          patterns: [serviceByEmbedOnly, notRenderer, notDoors],
        },
      ],
    },
  },
  {
    // The dispatcher, the runtime and the sync engine name no domain: each domain plugs in its handlers, bus
    // subscribers, engine jobs and checks from its own module, listed once in electron/core/domains.ts.
    files: ['electron/core/app/core.ts', 'electron/core/runtime.ts', 'electron/core/sync/engine.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron],
          patterns: [
            serviceByEmbedOnly,
            notRenderer,
            notDoors,
            {
              group: [
                './handlers/**',
                '**/handlers/**',
                '**/usecases/**',
                '**/roll-call/**',
                '**/evacuation-marks/**',
                '**/guests/**',
                '**/walk-ins/**',
                '**/watchlist/**',
                '**/agreements/**',
                '**/retention/**',
                '**/kiosk/**',
                '**/forget/**',
                '**/imports/**',
              ],
              message: 'core.ts, runtime.ts and sync/engine.ts name no domain: a domain plugs in through domains.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // The command line is a door like the others: it reads and changes data through the contract (cli/door.ts,
    // core.call as the CLI's session), never a use case, the mirror or a repository, so that it keeps the same
    // rules (roles, validation, the audit log) and cannot drift from the other doors. What runs before a core exists
    // (the configuration file, the token, `foyer service`, a host started) is the door's own business.
    files: ['electron/core/cli/**', 'electron/core/*/commands.ts', 'electron/core/*/*-command.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron],
          patterns: [
            serviceByEmbedOnly,
            notRenderer,
            {
              group: [
                '**/usecases/**',
                '**/guests/**',
                '**/kiosk/**',
                '**/db/**',
                '**/repos/**',
                '**/repo.ts',
                '**/*-repo.ts',
              ],
              message:
                'The CLI reads and changes data through the contract (cli/door.ts): no use case, mirror or repository.',
            },
          ],
        },
      ],
      // An import rule cannot see `door.runtime.mirror.walkIns`: the mirror (its repositories) and the outbox are
      // the handlers' to reach, so a CLI module names neither.
      'no-restricted-syntax': [
        'error',
        ...[
          'MemberExpression[property.name=/^(mirror|outbox)$/]',
          'MemberExpression[computed=true][property.value=/^(mirror|outbox)$/]',
          'VariableDeclarator > ObjectPattern > Property[key.name=/^(mirror|outbox)$/]',
        ].map((selector) => ({
          selector,
          message:
            'The CLI reads and changes data through the contract (cli/door.ts): not runtime.mirror or runtime.outbox.',
        })),
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
    // The wire contract, the kiosk's languages and words are shared with the renderer: no Node modules.
    files: ['shared/api/**', 'shared/contract/**', 'shared/languages.ts', 'shared/i18n/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: nodeOnly, message: 'shared/ must run in a browser too.' }, notRenderer] },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': ['error', ...storeSelectorRules],
      'no-restricted-imports': ['error', { patterns: rendererOnly }],
    },
  },
  {
    // A domain's screens are one folder (renderer/src/domains/<domain>/) that only the list of them names: the
    // screens draw its parts through the slots of renderer/src/domain.ts (scripts/remove-domain.mjs shows it).
    files: ['renderer/**/*.{ts,tsx}'],
    ignores: ['renderer/src/domains.ts', 'renderer/src/domains/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...rendererOnly,
            {
              group: ['**/domains/**'],
              message: 'Only renderer/src/domains.ts names a domain: its parts come through the slots (domain.ts).',
            },
          ],
        },
      ],
    },
  },
);
