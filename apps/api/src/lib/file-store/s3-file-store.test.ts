import { afterAll, beforeAll, describe } from 'vitest';
import { testConfig } from '../../../test/build-test-app';
import { fileStoreContract } from '../../../test/file-store-contract';
import { startS3Server, type TestS3Server } from '../../../test/s3-server';
import type { FileStore } from './file-store';
import { s3FileStore } from './s3-file-store';

describe('the S3 file store, against a real S3-protocol server', () => {
  let server: TestS3Server;
  let store: FileStore;
  beforeAll(async () => {
    server = await startS3Server();
    const { s3 } = testConfig(server.env);
    if (!s3) throw new Error('S3_BUCKET did not configure a bucket');
    store = s3FileStore(s3);
  });
  afterAll(async () => {
    await store.close();
    await server.close();
  });

  fileStoreContract(() => store);
});
