import { randomBytes } from 'node:crypto';

/** Database names this suite creates; global teardown drops any leftovers by this prefix. */
export const TEST_DB_PREFIX = 'funil_test_';

/** `funil_test_<run>_<label>`: one run's databases share a prefix so teardown finds them all. */
export const testDbName = (runId: string, label: string = randomBytes(4).toString('hex')): string =>
  `${TEST_DB_PREFIX}${runId}_${label}`;

export const newRunId = (): string => randomBytes(3).toString('hex');

export { createDatabase, dropDatabase, withDatabase } from '@funil/test-server';
