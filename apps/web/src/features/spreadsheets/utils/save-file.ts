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

/** Saves a Blob under `fileName` the way every browser allows: an object URL and `<a download>`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the data by the next task; the URL would otherwise hold it in memory.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The browser's IANA time zone ("America/Sao_Paulo"), the one an export writes its dates in. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
