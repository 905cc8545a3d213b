/** A stored file's bytes and the content type it is served with. */
export type StoredFile = { contentType: string; bytes: Buffer };

/**
 * Where brand pictures live, shared by every API process of an installation (never one process's
 * disk): the database by default, or an S3-compatible bucket. Names are chosen by the caller and
 * never reused for other bytes, so a put never has to race another put of the same name.
 */
export type FileStore = {
  /** `database` or `s3`, for logs and the start-up message. */
  kind: 'database' | 's3';
  /** Stores `bytes` under `name`, replacing what was there. */
  put: (name: string, contentType: string, bytes: Buffer) => Promise<void>;
  /** The file, or null when there is none by that name. */
  get: (name: string) => Promise<StoredFile | null>;
  /** Whether a file by that name is stored, without reading it. */
  has: (name: string) => Promise<boolean>;
  /** Removes the file; one already gone is fine. */
  remove: (name: string) => Promise<void>;
  /** Lets go of connections (the S3 client's sockets); the database store has none of its own. */
  close: () => Promise<void>;
};
