import yazl from 'yazl';

/** One file of a zip: its path inside the archive and its bytes. */
export type ZipFile = { name: string; bytes: Buffer };

/**
 * A zip of `files`, in this order, stored (not compressed), as a stream. Each file is a buffer, so
 * yazl writes its size and checksum in its local header: a reader that streams through the local
 * headers (exceljs's) finds each file's end without guessing.
 */
export function storedZip(files: readonly ZipFile[]): NodeJS.ReadableStream {
  const zip = new yazl.ZipFile();
  for (const file of files) zip.addBuffer(file.bytes, file.name, { compress: false });
  zip.end();
  return zip.outputStream;
}
