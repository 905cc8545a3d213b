import { defineConfig } from 'vitest/config';
import { apiSlowProjects, TEST_WORKERS } from './apps/api/vitest.projects.ts';

// `npm run test:slow`: the API's slow suites (fuzzing, crash and shutdown cycles), once per engine.
// The default config (`vitest run`) leaves them out; `npm test` runs both.
export default defineConfig({
  test: {
    maxWorkers: TEST_WORKERS,
    projects: apiSlowProjects,
  },
});
