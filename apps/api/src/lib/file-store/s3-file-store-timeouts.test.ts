import { afterEach, describe, expect, it } from 'vitest';
import { type SilentPeer, startHeadersThenSilentServer, startSilentServer } from '../../../test/silent-peers';
import type { S3Config } from '../../config';
import type { FileStore } from './file-store';
import { S3_LIMITS, type S3Limits, s3FileStore } from './s3-file-store';

/** Short limits, so a silent bucket fails in well under a second per attempt. */
const LIMITS: S3Limits = { connectMs: 500, idleMs: 300, requestMs: 1_000, attempts: 2 };
/** What one failed operation may take at most: every attempt cut at its limit, and the SDK's back-off. */
const WITHIN_MS = LIMITS.attempts * LIMITS.requestMs + 1_500;

const bucketAt = (endpoint: string): S3Config => ({
  bucket: 'fotos',
  endpoint,
  region: 'us-east-1',
  accessKeyId: 'chave',
  secretAccessKey: 'segredo',
  forcePathStyle: true,
});

/** How long `work` took to fail as the request's 503; fails the test if it succeeded. */
async function failureTime(work: () => Promise<unknown>): Promise<number> {
  const startedAt = performance.now();
  await expect(work()).rejects.toThrow(
    expect.objectContaining({ statusCode: 503, key: 'errors:service_unavailable' }),
  );
  return performance.now() - startedAt;
}

describe('the S3 file store against a bucket that goes silent', () => {
  let peer: SilentPeer | undefined;
  let store: FileStore | undefined;
  afterEach(async () => {
    await store?.close();
    await peer?.close();
  });

  it('keeps the production limits finite', () => {
    for (const limit of Object.values(S3_LIMITS)) {
      expect(limit).toBeGreaterThan(0);
      expect(Number.isFinite(limit)).toBe(true);
    }
    // A silent bucket fails a request within a minute, retries included.
    expect(S3_LIMITS.attempts * Math.min(S3_LIMITS.idleMs, S3_LIMITS.requestMs)).toBeLessThanOrEqual(60_000);
  });

  it('fails every operation, in time, when the server accepts connections and never answers', async () => {
    peer = await startSilentServer();
    const silent = s3FileStore(bucketAt(peer.url), LIMITS);
    store = silent;
    const operations: [string, () => Promise<unknown>][] = [
      ['put', () => silent.put('logo.png', 'image/png', Buffer.from('png'))],
      ['get', () => silent.get('logo.png')],
      ['has', () => silent.has('logo.png')],
      ['remove', () => silent.remove('logo.png')],
    ];
    for (const [name, operation] of operations) {
      const before = peer.requests();
      expect(await failureTime(operation), name).toBeLessThan(WITHIN_MS);
      // It did try again, on a connection of its own, and no more than the limit says.
      expect(peer.requests() - before, name).toBe(LIMITS.attempts);
    }
  });

  it('fails a read whose answer starts and then stalls', async () => {
    peer = await startHeadersThenSilentServer(200, {
      'content-type': 'image/png',
      'content-length': '1000',
    });
    const stalled = s3FileStore(bucketAt(peer.url), LIMITS);
    store = stalled;
    expect(await failureTime(() => stalled.get('logo.png'))).toBeLessThan(WITHIN_MS);
  });
});
