import { defineConfig } from 'vitest/config';
import { apiProjects, TEST_WORKERS } from './apps/api/vitest.projects.ts';
import { webProjects } from './apps/web/vitest.projects.ts';

// One `vitest run` at the root runs every package's suite. The API suite runs once per database
// engine (PGlite always; PostgreSQL when TEST_DATABASE_URL is set), so its projects come from a list.
// `repo` tests what belongs to no package: the repository's own lint rule and its documents.
export default defineConfig({
  test: {
    maxWorkers: TEST_WORKERS,
    projects: [
      'packages/shared',
      ...apiProjects,
      ...webProjects,
      { test: { name: 'repo', include: ['eslint-rules/**/*.test.js'], environment: 'node' } },
    ],
  },
});
