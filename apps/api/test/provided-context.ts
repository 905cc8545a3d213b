import type { DbKind } from '@funil/shared';

declare module 'vitest' {
  // Vitest's ProvidedContext is an interface meant to be augmented.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** Which engine this vitest project runs the API tests on (set by vitest.projects.ts). */
    dbKind: DbKind;
    /** PGlite: a migrated data directory (tar) to clone per test app, written by global-setup.ts. */
    pgliteTemplateFile: string;
    /** PostgreSQL: TEST_DATABASE_URL and the migrated template database made by global-setup.ts. */
    postgresUrl: string;
    postgresTemplateDb: string;
    postgresRunId: string;
  }
}

export {};
