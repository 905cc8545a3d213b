/**
 * Reads a response's body to the end as a Blob, telling `onProgress` the bytes received so far
 * (at most every `intervalMs`, and once at the end). An abort of `signal` stops the reading and
 * rejects, so a cancelled download is never saved half-read.
 */
export async function readWithProgress(
  response: Response,
  onProgress: (received: number) => void,
  { signal, intervalMs = 200 }: { signal?: AbortSignal; intervalMs?: number } = {},
): Promise<Blob> {
  signal?.throwIfAborted();
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  if (!response.body) {
    const blob = await response.blob();
    onProgress(blob.size);
    return blob;
  }
  const reader = response.body.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', stop, { once: true });
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  let reportedAt = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    const now = Date.now();
    if (now - reportedAt >= intervalMs) {
      reportedAt = now;
      onProgress(received);
    }
  }
  signal?.removeEventListener('abort', stop);
  signal?.throwIfAborted();
  onProgress(received);
  return new Blob(chunks, { type });
}
