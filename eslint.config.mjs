import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';
import local from './tools/eslint/local-rules.mjs';

const dataBans = [
  'react',
  'react-dom',
  '@mui/*',
  '@reduxjs/*',
  'react-redux',
  'react-router-dom',
  'fastify',
  'kysely',
];

const boundaries = {
  enforceBuildableLibDependency: false,
  allow: [],
  depConstraints: [
    {
      sourceTag: 'type:app',
      onlyDependOnLibsWithTags: ['type:feature', 'type:ui', 'type:data'],
    },
    { sourceTag: 'type:feature', onlyDependOnLibsWithTags: ['type:ui', 'type:data'] },
    { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:ui'] },
    {
      sourceTag: 'type:data',
      onlyDependOnLibsWithTags: ['type:data'],
      bannedExternalImports: dataBans,
    },
    { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:data'] },
    { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:web', 'scope:shared'] },
    {
      sourceTag: 'scope:api',
      onlyDependOnLibsWithTags: ['scope:api', 'scope:shared'],
      bannedExternalImports: ['react', 'react-dom', '@mui/*'],
    },
    // scope:shared libs (contracts, audio) serve the API and the browser alike.
    { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
  ],
};

export default tseslint.config([
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.nx/**',
      '**/.data/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'tools/eslint/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { plugins: { '@nx': nx, local } },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs', '**/*.js'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'local/filename-case': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@nx/enforce-module-boundaries': ['error', boundaries],
    },
  },
  {
    // The API's conformance tests drive the conversation socket with the product's own client
    // (text-only, in Node): test files only, never the API's code (docs/voice-runtime.md).
    files: ['apps/api/src/**/*.test.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        { ...boundaries, allow: ['@fieldcraft/voice-client'] },
      ],
    },
  },
  {
    files: [
      'apps/web/**/*.{ts,tsx}',
      'libs/ui/**/*.{ts,tsx}',
      'libs/voice-client/**/*.ts',
      'libs/audio/**/*.ts',
    ],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // libs/audio runs in the browser (voice client) and in Node (API): neither Node's modules
    // nor its globals, so it bundles for both unchanged.
    files: ['libs/audio/src/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...[
          'Buffer',
          'process',
          'global',
          'require',
          '__dirname',
          '__filename',
          'setImmediate',
        ].map((name) => ({ name, message: 'libs/audio is browser-safe: no Node globals.' })),
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(node:|(${builtinModules.join('|')})(/|$))`,
              message: 'libs/audio is browser-safe: no Node modules.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'libs/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // MUI is imported by path so bundles stay small (style-by-example.md, libs/ui).
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@mui/material', message: "Import by path: '@mui/material/Button'." },
            { name: '@mui/icons-material', message: "Import by path: '@mui/icons-material/Add'." },
            {
              name: 'react-redux',
              importNames: ['useDispatch', 'useSelector'],
              message: 'Use the typed hooks from shared/store/hooks.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/shared/store/hooks.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // A feature imports neither another feature nor app/; shared/ imports neither features nor
    // app/ (tools/eslint/feature-boundaries.mjs). app/ composes them all (bulletproof-react).
    files: ['apps/web/src/features/**/*.{ts,tsx}', 'apps/web/src/shared/**/*.{ts,tsx}'],
    rules: { 'local/feature-boundaries': 'error' },
  },
  {
    // The API's HTTP layer is reached from the top only: app.ts imports each domain's plugin
    // (<domain>/index.ts), which imports its *.routes.ts. Repositories, services and policies
    // are importable by anyone (apps/api/README.md, "Layout").
    files: ['apps/api/src/**/*.ts'],
    rules: { 'local/api-layers': 'error' },
  },
  {
    files: ['libs/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react-redux', '@reduxjs/*', 'react-router-dom', '@fieldcraft/contracts'],
              message: 'libs/ui is presentational: props in, JSX out.',
            },
            { regex: '^@mui/(material|icons-material)$', message: 'Import MUI by path.' },
          ],
        },
      ],
    },
  },
]);
