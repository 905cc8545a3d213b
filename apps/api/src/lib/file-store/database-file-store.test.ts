import { afterAll, beforeAll, describe } from 'vitest';
import { createTestDb } from '../../../test/build-test-app';
import { fileStoreContract } from '../../../test/file-store-contract';
import type { DbHandle } from '../../db/client';
import { databaseFileStore } from './database-file-store';
import type { FileStore } from './file-store';

// The project decides the engine: PGlite in "api (pglite)", PostgreSQL in "api (postgres)".
describe('the database file store', () => {
  let handle: DbHandle;
  let store: FileStore;
  beforeAll(async () => {
    handle = await createTestDb();
    store = databaseFileStore(handle.db);
  });
  afterAll(() => handle.close());

  fileStoreContract(() => store);
});
