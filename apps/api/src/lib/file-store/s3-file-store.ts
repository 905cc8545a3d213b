import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../../config';
import { AppError } from '../app-error';
import type { FileStore } from './file-store';

/** Providers differ in the error's name for a missing key (NoSuchKey, NotFound); all answer 404. */
const isMissing = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/**
 * A bucket that failed (silent past the limits, unreachable, refusing): the request behind it is
 * answered 503, the SDK's error kept as the cause for the log, never sent.
 */
const unavailable = (error: unknown) => new AppError(503, 'errors:service_unavailable', { cause: error });

/** Runs one call to the bucket; any failure but a missing key's is `unavailable`. */
async function calling<T>(call: () => Promise<T>, onMissing: () => T): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isMissing(error)) return onMissing();
    throw unavailable(error);
  }
}

/**
 * How long the bucket may take. The SDK's own defaults wait for ever on a server that accepts the
 * connection and never answers (or stops in the middle of a body), which would hang the request
 * behind it; with these a silent bucket fails the request in about 2 × `idleMs`.
 */
export type S3Limits = {
  /** To connect. */
  connectMs: number;
  /** With nothing received or sent on the socket, headers or body. */
  idleMs: number;
  /** For a whole request until its answer's headers. */
  requestMs: number;
  /** Attempts in all (the SDK retries a timeout or a 5xx once, with its back-off). */
  attempts: number;
};

export const S3_LIMITS: S3Limits = { connectMs: 3_000, idleMs: 10_000, requestMs: 30_000, attempts: 2 };

/**
 * Files as objects of one S3-compatible bucket (AWS S3, MinIO, Ceph, R2...), the object key being
 * the file's name. The bucket must exist; it is never created here, since who may create buckets
 * is the operator's decision.
 */
export function s3FileStore(config: S3Config, limits: S3Limits = S3_LIMITS): FileStore {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    // Unset: the SDK's own chain (AWS_* variables, a profile, the instance's role).
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // Checksums only where an operation requires them: several S3-compatible servers refuse or
    // mangle the CRC headers the SDK otherwise adds to every upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // The options of the SDK's own Node handler (it builds the handler from them).
    requestHandler: {
      connectionTimeout: limits.connectMs,
      socketTimeout: limits.idleMs,
      requestTimeout: limits.requestMs,
      throwOnRequestTimeout: true,
    },
    maxAttempts: limits.attempts,
  });
  const Bucket = config.bucket;

  return {
    kind: 's3',
    put: (name, contentType, bytes) =>
      calling(
        async () => {
          await client.send(
            new PutObjectCommand({ Bucket, Key: name, Body: bytes, ContentType: contentType }),
          );
        },
        () => {
          // A put answered 404: the bucket itself is missing, which is the operator's to fix.
          throw unavailable(new Error(`S3 bucket ${Bucket} not found`));
        },
      ),
    get: (name) =>
      calling(
        async () => {
          const object = await client.send(new GetObjectCommand({ Bucket, Key: name }));
          const bytes = await object.Body?.transformToByteArray();
          if (!bytes) return null;
          return {
            contentType: object.ContentType ?? 'application/octet-stream',
            bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          };
        },
        () => null,
      ),
    has: (name) =>
      calling(
        async () => {
          await client.send(new HeadObjectCommand({ Bucket, Key: name }));
          return true;
        },
        () => false,
      ),
    // S3 answers a delete of a missing key with success, which is what `remove` promises.
    remove: (name) =>
      calling(
        async () => {
          await client.send(new DeleteObjectCommand({ Bucket, Key: name }));
        },
        () => undefined,
      ),
    close: async () => {
      client.destroy();
    },
  };
}
