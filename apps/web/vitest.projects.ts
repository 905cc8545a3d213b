/// <reference types="node" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, type TestProjectInlineConfiguration } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Files that replace a module with `vi.mock` (the board's drag and drop chunk held back until the
 * test lets it arrive): a mock replaces the module for every file of a graph, so they run with a
 * module graph of their own.
 */
const MOCKING_FILES = ['src/features/pipeline/components/board-drag-loading.test.tsx'];

// Standalone rather than merged with vite.config.ts: Vite's config loader warns on an extensionless
// import of another config file, and tests need only the JSX transform and the `@/` alias.
const webTestProject = (
  name: string,
  files: { include: string[]; exclude?: string[] },
  isolate: boolean,
): TestProjectInlineConfiguration => ({
  root,
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name,
    environment: 'happy-dom',
    include: files.include,
    exclude: [...configDefaults.exclude, ...(files.exclude ?? [])],
    setupFiles: ['./src/test/setup.ts'],
    isolate,
    // Generous for the same reason as asyncUtilTimeout in the setup file: a loaded 2-core CI machine.
    testTimeout: 20_000,
  },
});

/**
 * The web suite. The files of a worker share one module graph (`isolate: false`): the app's modules
 * (React, the router, the query client, i18n and its three languages) are imported and transformed
 * once per worker instead of once per file. What a test changes (the DOM, storage, stubbed
 * globals, spies, the language) is put back by the setup file before the next test.
 */
export const webProjects: TestProjectInlineConfiguration[] = [
  webTestProject('web', { include: ['src/**/*.test.{ts,tsx}'], exclude: MOCKING_FILES }, false),
  webTestProject('web isolated', { include: MOCKING_FILES }, true),
];
