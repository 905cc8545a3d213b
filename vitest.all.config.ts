import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { apiSlowProjects, TEST_WORKERS } from './apps/api/vitest.projects.ts';
import quick from './vitest.config.ts';

const slowProjects = new Set(apiSlowProjects.map((project) => project.test?.name));

/**
 * The slow suites' files take minutes each, the others seconds: started last (as Vitest would on a
 * fresh clone, which has no timings of earlier runs and orders projects by name), one of them would
 * run alone at the end while the other worker idles. They start first, the fuzzing (the longest)
 * before the rest, and the quick files fill the workers around them.
 */
class SlowSuitesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) =>
      !slowProjects.has(file.project.name) ? 2 : file.moduleId.includes('/test/fuzz/') ? 0 : 1;
    // Array.prototype.sort is stable: within a rank, Vitest's own order stays.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

// `npm test`: every Vitest suite, the slow ones included, in one run, so that no run's last file
// leaves a core idle while the next run waits. `vitest run` (the quick loop) and
// `npm run test:slow` stay as they are.
export default defineConfig({
  test: {
    maxWorkers: TEST_WORKERS,
    projects: [...(quick.test?.projects ?? []), ...apiSlowProjects],
    sequence: { sequencer: SlowSuitesFirst },
  },
});
