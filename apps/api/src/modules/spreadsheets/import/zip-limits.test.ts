import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { plainZip, xlsxOf } from '../../../../test/spreadsheet-fixtures';
import { deflatedZip } from '../../../../test/zip-fixtures';
import { storedZip } from './stored-zip';
import { unpackZip, XLSX_MAX_UNPACKED_BYTES } from './zip-limits';

const everything = () => true;

describe('unpackZip', () => {
  it('inflates the entries asked for, from a real workbook and from a zip of our own making', async () => {
    const workbook = await unpackZip(await xlsxOf([['Nome da marca'], ['Ferro']]), (name) =>
      /^xl\/worksheets\/sheet\d+\.xml$/.test(name),
    );
    expect(workbook.outcome).toBe('unpacked');
    if (workbook.outcome !== 'unpacked') return;
    expect(workbook.files.map((file) => file.name)).toEqual(['xl/worksheets/sheet1.xml']);
    expect(workbook.files[0]?.bytes.toString('utf8')).toContain('<sheetData>');

    const ours = await buffer(
      storedZip([
        { name: 'a.txt', bytes: Buffer.from('olá') },
        { name: 'pasta/b.txt', bytes: Buffer.from('mundo') },
      ]),
    );
    const unpacked = await unpackZip(ours, everything);
    expect(unpacked).toEqual({
      outcome: 'unpacked',
      files: [
        { name: 'a.txt', bytes: Buffer.from('olá') },
        { name: 'pasta/b.txt', bytes: Buffer.from('mundo') },
      ],
    });
  });

  it('refuses a zip whose directory claims more than the limit, before inflating it', async () => {
    const bomb = deflatedZip([
      { name: 'xl/worksheets/sheet1.xml', content: '<worksheet/>', claimedSize: XLSX_MAX_UNPACKED_BYTES + 1 },
    ]);
    expect(await unpackZip(bomb, everything)).toEqual({ outcome: 'too_large' });
    const claimed = plainZip(
      'xl/worksheets/sheet1.xml',
      Buffer.from('<worksheet/>'),
      XLSX_MAX_UNPACKED_BYTES + 1,
    );
    expect((await unpackZip(claimed, everything)).outcome).not.toBe('unpacked');
  });

  it('stops an entry that inflates to more than its directory claims', async () => {
    // Eight megabytes of XML that claim to be one kilobyte: inflating stops past the kilobyte.
    const lying = deflatedZip([
      { name: 'xl/sharedStrings.xml', content: Buffer.alloc(8 * 1024 * 1024, 'a'), claimedSize: 1024 },
    ]);
    expect(await unpackZip(lying, everything)).toEqual({ outcome: 'unreadable' });
    // Not asked for, it is never inflated.
    expect(await unpackZip(lying, () => false)).toEqual({ outcome: 'unpacked', files: [] });
  });

  it('refuses what is not a readable zip', async () => {
    expect(await unpackZip(Buffer.from('PK\u0003\u0004 not really'), everything)).toEqual({
      outcome: 'unreadable',
    });
  });
});
