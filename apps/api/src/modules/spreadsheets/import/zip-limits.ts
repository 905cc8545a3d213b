import yauzl from 'yauzl';
import type { ZipFile } from './stored-zip';

/**
 * What an uploaded XLSX may unpack to. A real workbook of 10,000 rows unpacks to a few tens of
 * megabytes of XML in a few dozen entries; a 10 MB upload that claims more (a zip bomb) is refused
 * before anything is inflated.
 */
export const XLSX_MAX_UNPACKED_BYTES = 50 * 1024 * 1024;
export const XLSX_MAX_ENTRIES = 2_000;

export type UnpackedZip =
  | { outcome: 'unpacked'; files: ZipFile[] }
  /** Its directory claims more entries or unpacked bytes than the limits. */
  | { outcome: 'too_large' }
  /** Not a zip this reader can read (damaged, encrypted, an unknown compression, lying sizes). */
  | { outcome: 'unreadable' };

const readDirectory = (bytes: Buffer) =>
  new Promise<{ zip: yauzl.ZipFile; entries: yauzl.Entry[] } | 'too_large' | 'unreadable'>((resolve) => {
    // Entries are inflated only on request, after the whole directory was read and checked.
    yauzl.fromBuffer(bytes, { lazyEntries: true, autoClose: false }, (openError, zip) => {
      if (openError) return resolve('unreadable');
      const entries: yauzl.Entry[] = [];
      let unpacked = 0;
      const stop = (outcome: 'too_large' | 'unreadable') => {
        zip.close();
        resolve(outcome);
      };
      zip.on('error', () => stop('unreadable'));
      zip.on('entry', (entry: yauzl.Entry) => {
        entries.push(entry);
        unpacked += entry.uncompressedSize;
        if (entries.length > XLSX_MAX_ENTRIES || unpacked > XLSX_MAX_UNPACKED_BYTES) stop('too_large');
        else zip.readEntry();
      });
      zip.on('end', () => resolve({ zip, entries }));
      zip.readEntry();
    });
  });

/**
 * One entry's bytes. yauzl checks, as it inflates, that the entry gives exactly the size the
 * directory claims: a lying entry fails as soon as it passes it, so nothing ever holds more than
 * the limits allow.
 */
const inflate = (zip: yauzl.ZipFile, entry: yauzl.Entry) =>
  new Promise<Buffer>((resolve, reject) => {
    zip.openReadStream(entry, (openError, stream) => {
      if (openError) return reject(openError);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });

/**
 * The entries of the zip in `bytes` that `wanted` names, inflated, once its directory has been
 * found within the limits (else `too_large`, with nothing inflated).
 */
export async function unpackZip(bytes: Buffer, wanted: (name: string) => boolean): Promise<UnpackedZip> {
  const directory = await readDirectory(bytes);
  if (directory === 'too_large' || directory === 'unreadable') return { outcome: directory };
  const { zip, entries } = directory;
  try {
    const files: ZipFile[] = [];
    for (const entry of entries) {
      if (wanted(entry.fileName)) files.push({ name: entry.fileName, bytes: await inflate(zip, entry) });
    }
    return { outcome: 'unpacked', files };
  } catch {
    return { outcome: 'unreadable' };
  } finally {
    zip.close();
  }
}
