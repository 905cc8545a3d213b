import yauzl from 'yauzl';

/**
 * What an uploaded XLSX may unpack to. The reader inflates the whole workbook in memory, so a
 * 10 MB upload that claims gigabytes (a zip bomb) is refused before it is opened. A real
 * workbook of 10,000 rows unpacks to a few tens of megabytes of XML in a few dozen entries.
 */
export const XLSX_MAX_UNPACKED_BYTES = 256 * 1024 * 1024;
export const XLSX_MAX_ENTRIES = 2_000;

/**
 * Whether the zip's central directory stays within the limits, read without inflating anything.
 * A zip the directory reader cannot read is answered `false` too: it is no workbook either.
 */
export function isZipWithinLimits(bytes: Buffer): Promise<boolean> {
  return new Promise((resolve) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (openError, zip) => {
      if (openError) return resolve(false);
      let entries = 0;
      let unpacked = 0;
      const stop = (within: boolean) => {
        zip.close();
        resolve(within);
      };
      zip.on('error', () => resolve(false));
      zip.on('entry', (entry: yauzl.Entry) => {
        entries += 1;
        unpacked += entry.uncompressedSize;
        if (entries > XLSX_MAX_ENTRIES || unpacked > XLSX_MAX_UNPACKED_BYTES) stop(false);
        else zip.readEntry();
      });
      zip.on('end', () => resolve(true));
      zip.readEntry();
    });
  });
}
