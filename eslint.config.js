// One lint setup for the whole monorepo. It is not type-aware on purpose: it must run in seconds.
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import funil from './eslint-rules/no-outside-citations.js';

const featuresDir = 'apps/web/src/features';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];

const NO_API_IN_WEB = {
  group: ['@funil/api', '**/apps/api/**'],
  message: 'The web app never imports the API.',
};

/**
 * `no-restricted-imports` for a set of web files. A later config's options replace an earlier
 * one's for the same rule (they do not merge), so every set repeats NO_API_IN_WEB.
 */
const webImportRule = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns: [NO_API_IN_WEB, ...patterns] }],
});

const FEATURES_COMPOSE_IN_APP = 'Features never import other features: compose them in apps/web/src/app.';
const NO_FEATURES = {
  group: ['@/features', '@/features/**', '**/features', '**/features/**'],
  message:
    'Shared code (components, lib, api) never imports a feature: features import it, not the other way.',
};
const NO_COMPONENTS_IN_API = {
  group: ['@/components', '@/components/**', '**/components', '**/components/**'],
  message: 'apps/web/src/api only fetches: screens and components call it, it never renders.',
};

// The layers of apps/web/src, as bulletproof-react draws them: app → features → components, lib,
// api. A feature never imports another feature (routes in apps/web/src/app compose them); shared
// code never imports a feature; the API layer imports neither features nor components.
const featureBoundaries = features.map((feature) => ({
  files: [`${featuresDir}/${feature}/**/*.{ts,tsx}`],
  rules: webImportRule(
    {
      group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`],
      message: FEATURES_COMPOSE_IN_APP,
    },
    { group: ['**/features/*', '**/features/*/**'], message: FEATURES_COMPOSE_IN_APP },
  ),
}));

const sharedLayerBoundaries = [
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: webImportRule(NO_FEATURES),
  },
  { files: ['apps/web/src/api/**/*.{ts,tsx}'], rules: webImportRule(NO_FEATURES, NO_COMPONENTS_IN_API) },
];

export default defineConfig([
  globalIgnores([
    '**/node_modules/**',
    '**/dist/**',
    'data/**',
    '**/test-results/**',
    '**/playwright-report/**',
    'apps/api/drizzle/**',
    // Scratch scripts, gitignored too.
    '**/*.tmp.mjs',
    '**/*.tmp.mts',
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
    rules: { ...reactHooks.configs.recommended.rules, ...webImportRule() },
  },
  {
    // Static accessibility checks of the web's markup (labels, roles, keyboard access, alt text);
    // the browser tests run axe on the rendered pages as well.
    files: ['apps/web/src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  ...featureBoundaries,
  ...sharedLayerBoundaries,
  {
    // No import cycles anywhere: a cycle makes module order (and so what is initialised when)
    // depend on which file happens to be imported first. Resolved as TypeScript does, `@/` and
    // the workspace packages included; `import type` is erased at build and does not count.
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // Which files import-x parses to follow imports (its default is .js only), and with what.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            'apps/*/tsconfig.json',
            'packages/*/tsconfig.json',
            'e2e/tsconfig.json',
            'bench/tsconfig.json',
          ],
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
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
    // Comments and test titles state their rules themselves: a section number, an issue or a file
    // outside the repository means nothing to the next reader, and goes stale without a sound.
    // The rule's own files name what they look for.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['eslint-rules/**'],
    plugins: { funil },
    rules: { 'funil/no-outside-citations': 'error' },
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
