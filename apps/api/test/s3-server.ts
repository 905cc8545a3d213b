import { randomUUID } from 'node:crypto';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { Env } from '../src/config';
import { tempDir } from './build-test-app';

// s3rver's fixed credentials; it checks every request's signature against them.
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export type TestS3Server = {
  bucket: string;
  /** The S3_* variables that point the app at this server's bucket. */
  env: Env;
  /** Every key in the bucket, sorted, read over the S3 protocol. */
  keys: () => Promise<string[]>;
  close: () => Promise<void>;
};

/**
 * A real S3-protocol server (s3rver, objects in a temporary folder) on a free local port, with
 * one empty bucket of a random name.
 */
export async function startS3Server(): Promise<TestS3Server> {
  const bucket = `funil-${randomUUID().slice(0, 8)}`;
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: tempDir('funil-s3-'),
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
  });
  return {
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    keys: async () => {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
    },
    close: async () => {
      client.destroy();
      await server.close();
    },
  };
}
