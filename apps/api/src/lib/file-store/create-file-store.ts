import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { databaseFileStore } from './database-file-store';
import type { FileStore } from './file-store';
import { s3FileStore } from './s3-file-store';

/** S3_BUCKET set: that bucket; otherwise the database the app runs on. */
export function createFileStore(config: Pick<Config, 's3'>, db: Database): FileStore {
  return config.s3 ? s3FileStore(config.s3) : databaseFileStore(db);
}
