import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'shared',
    include: ['src/**/*.test.ts'],
    passWithNoTests: true,
    // Schemas and texts without side effects: the test files share one module graph rather than
    // load zod and every locale afresh each (a few seconds a file; the tests take milliseconds).
    isolate: false,
  },
});
