// One lint setup for the whole monorepo. It is not type-aware on purpose: it must run in seconds.
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const featuresDir = 'apps/web/src/features';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];

// DESIGN.md habit 1: features never import features; routes (apps/web/src/app) compose them.
const featureBoundaries = features.map((feature) => ({
  files: [`${featuresDir}/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`],
            message: 'Features never import other features: compose them in apps/web/src/app.',
          },
          {
            group: ['**/features/*', '**/features/*/**'],
            message: 'Features never import other features: compose them in apps/web/src/app.',
          },
          { group: ['@funil/api', '**/apps/api/**'], message: 'The web app never imports the API.' },
        ],
      },
    ],
  },
}));

export default defineConfig([
  globalIgnores([
    '**/node_modules/**',
    '**/dist/**',
    'data/**',
    '**/test-results/**',
    '**/playwright-report/**',
    'apps/api/drizzle/**',
    'bench/results/**',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '{apps,packages,e2e,bench}/**/': 'KEBAB_CASE' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@funil/api', '**/apps/api/**'], message: 'The web app never imports the API.' },
          ],
        },
      ],
    },
  },
  ...featureBoundaries,
  {
    files: ['apps/api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@funil/web', '**/apps/web/**'], message: 'The API never imports the web app.' },
          ],
        },
      ],
    },
  },
  {
    // Playwright reads a fixture's dependencies from its destructuring pattern, so `{}` is how a
    // fixture says it needs none.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@funil/api', '@funil/web', '**/apps/**'], message: 'shared imports no app.' },
          ],
        },
      ],
    },
  },
]);
