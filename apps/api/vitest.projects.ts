import { fileURLToPath } from 'node:url';
import type { DbKind } from '@funil/shared';
import type { TestProjectInlineConfiguration } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

export const apiProject = (dbKind: DbKind): TestProjectInlineConfiguration => ({
  root,
  test: {
    name: `api (${dbKind})`,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    provide: { dbKind },
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/**
 * The API suite runs once per database engine over the same files: always on PGlite, and on
 * PostgreSQL too when TEST_DATABASE_URL is set (each file then gets its own database).
 */
export const apiProjects: TestProjectInlineConfiguration[] = [
  apiProject('pglite'),
  ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres')] : []),
];
