// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Imports that break the layering (README, "Architecture"), per folder. */
const nodeBuiltins = [
  'fs',
  'path',
  'os',
  'crypto',
  'http',
  'https',
  'net',
  'child_process',
  'url',
  'stream',
  'util',
  'zlib',
  'buffer',
  'events',
];
const nodeMessage = 'Node built-ins are main-process only.';
/** Bare names match exactly (a local './events' is fine); `node:` specifiers by pattern. */
const noNodePaths = nodeBuiltins.map((name) => ({ name, message: nodeMessage }));
const noNode = [{ group: ['node:*'], message: nodeMessage }];
const noElectron = {
  group: ['electron', 'electron/*'],
  message: 'Only electron/main and electron/preload may import electron.',
};
const noReact = {
  group: ['react', 'react-dom', 'react/*', 'react-dom/*'],
  message: 'shared/ is framework-free.',
};
const noRenderer = { group: ['**/renderer/**'], message: 'electron/ never imports the renderer.' };
const noElectronDir = {
  group: ['**/electron/**'],
  message: 'The renderer reaches the core only through the contract.',
};
/**
 * Layers inside electron/. Relative specifiers that climb out of a folder into a sibling one
 * (`../main`, `../../sandbox/x`); a regex, because glob groups do not match `../x` reliably.
 * A folder of the same name inside one of these layers would match too: none exists, keep it so.
 */
/** @param {string[]} folders */
const climbingInto = (folders) => `^(\\.\\./)+(${folders.join('|')})(/|$)`;
const coreLayer = {
  regex: climbingInto(['main', 'preload', 'webhost', 'cli', 'sandbox']),
  message:
    'electron/core imports no main, preload, webhost, cli or sandbox: the composition roots pass in what differs.',
};
const mainLayer = {
  regex: climbingInto(['webhost']),
  message:
    'electron/main does not import the web host (dev and tests only); see electron/page-serving.',
};
const sandboxLayer = {
  // From electron/sandbox/x.ts, `../../shared/…` is the only way out.
  regex: '^\\.\\./(?!\\.\\./shared(/|$))',
  message: 'electron/sandbox imports only shared/: it stands in for the real service.',
};
const pageServingLayer = {
  regex: '^\\.\\./(?!\\.\\./shared(/|$))',
  message: 'electron/page-serving is shared by main and the web host: it imports only shared/.',
};

/** The renderer's features: none imports another (shared pieces live in components/ or lib/). */
const features = [
  'batches',
  'environments',
  'import',
  'report',
  'review',
  'search',
  'settings',
  'tour',
  'uploads',
];
/**
 * The cross-feature imports that stay, each with its reason. A file listed here may import from
 * the features named, and from no other.
 */
const crossFeatureExceptions = [
  {
    // The review queue's rows can be a history search's hits: the Search feature's own query.
    files: [
      'renderer/src/features/review/use-queue-rows.ts',
      'renderer/src/features/review/queue-view.tsx',
    ],
    allow: ['search'],
  },
  {
    // Choosing a batch to review, to report on or to build a file from lists the batches through the Batches
    // feature's query, which its run events keep up to date.
    files: [
      'renderer/src/features/review/review-source.ts',
      'renderer/src/features/uploads/build-panel.tsx',
      'renderer/src/features/report/report-page.tsx',
    ],
    allow: ['batches'],
  },
  {
    // The Import screen offers to resume an interrupted batch with the Batches feature's banner,
    // which drives that feature's commands.
    files: ['renderer/src/features/import/import-page.tsx'],
    allow: ['batches'],
  },
  {
    // Importing outcomes reads a spreadsheet as the Import feature does: its problem type, its
    // sheet options and its problem sentences.
    files: ['renderer/src/features/review/import/**'],
    allow: ['import'],
  },
];
/** Relative specifiers reaching feature `name` from anywhere under renderer/src/features. */
const featureGroup = (name) => [
  `../${name}`,
  `../${name}/**`,
  `../../${name}/**`,
  `../../../${name}/**`,
];
const otherFeatures = (own, allow = []) => ({
  group: features.filter((name) => name !== own && !allow.includes(name)).flatMap(featureGroup),
  message: 'A feature imports no other feature: move what both need to components/ or lib/.',
});
const rendererImports = (patterns) => [
  'error',
  { paths: noNodePaths, patterns: [...noNode, noElectron, noElectronDir, ...patterns] },
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'release/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'coverage/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      'no-console': 'error',
    },
  },
  {
    // The web side has its own tsconfig (DOM, no Node types).
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: false, project: './tsconfig.web.json' } },
  },
  { files: ['**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
  { files: ['**/*.{js,mjs,cjs}'], languageOptions: { globals: globals.node } },
  {
    files: ['shared/**'],
    ignores: ['shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: noNodePaths,
          patterns: [...noNode, noElectron, noReact, noRenderer, noElectronDir],
        },
      ],
    },
  },
  {
    files: ['renderer/**'],
    languageOptions: { globals: globals.browser },
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: noNodePaths, patterns: [...noNode, noElectron, noElectronDir] },
      ],
    },
  },
  ...features.map((name) => ({
    files: [`renderer/src/features/${name}/**`],
    rules: { 'no-restricted-imports': rendererImports([otherFeatures(name)]) },
  })),
  ...crossFeatureExceptions.map(({ files, allow }) => ({
    files,
    rules: {
      'no-restricted-imports': rendererImports([
        otherFeatures(/features\/([^/]+)\//.exec(files[0] ?? '')?.[1] ?? '', allow),
      ]),
    },
  })),
  {
    files: ['electron/**'],
    ignores: ['electron/main/**', 'electron/preload/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noElectron, noRenderer] }] },
  },
  {
    files: ['electron/main/**', 'electron/preload/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noRenderer] }] },
  },
  // The last matching block sets the rule's options, so each layer repeats the general patterns.
  {
    files: ['electron/core/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noElectron, noRenderer, coreLayer] }],
    },
  },
  {
    files: ['electron/main/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noRenderer, mainLayer] }] },
  },
  {
    files: ['electron/sandbox/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noElectron, noRenderer, sandboxLayer] }],
    },
  },
  {
    files: ['electron/page-serving/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noElectron, noRenderer, pageServingLayer] }],
    },
  },
  // Rules of hooks and the React Compiler's checks (refs read during render, state set in
  // effects, impure renders); warnings fail the lint too (--max-warnings 0).
  { ...reactHooks.configs.flat.recommended, files: ['renderer/**/*.{ts,tsx}'] },
  {
    // A DEFERRED transaction that reads and then writes cannot wait for the write lock: another
    // process's writer makes it fail at once with "database is locked", whatever busy_timeout says.
    files: ['electron/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.type='CallExpression'][callee.callee.property.name='transaction']",
          message:
            'Say which: db.transaction(fn).immediate() for writes (waits for the lock), .deferred() for reads.',
        },
      ],
    },
  },
  {
    // In tests a wrong assumption fails the test, which is what a non-null assertion should do.
    files: ['tests/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // The CLI and scripts talk to a terminal; that is their job.
    files: ['electron/cli/**', 'electron/webhost/index.ts', 'scripts/**', 'tests/**'],
    rules: { 'no-console': 'off' },
  },
);
