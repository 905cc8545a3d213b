import { describe, expect, it } from 'vitest';
import { plainZip, xlsxOf } from '../../../../test/spreadsheet-fixtures';
import { isZipWithinLimits, XLSX_MAX_UNPACKED_BYTES } from './zip-limits';

describe('isZipWithinLimits', () => {
  it('passes a real workbook and a small zip', async () => {
    expect(await isZipWithinLimits(await xlsxOf([['Nome da marca'], ['Ferro']]))).toBe(true);
    expect(await isZipWithinLimits(plainZip('a.txt', Buffer.from('olá')))).toBe(true);
  });

  it('refuses a zip whose directory claims more than the limit, before inflating it', async () => {
    const bomb = plainZip(
      'xl/worksheets/sheet1.xml',
      Buffer.from('<worksheet/>'),
      XLSX_MAX_UNPACKED_BYTES + 1,
    );
    expect(await isZipWithinLimits(bomb)).toBe(false);
  });

  it('refuses what is not a readable zip', async () => {
    expect(await isZipWithinLimits(Buffer.from('PK\u0003\u0004 not really'))).toBe(false);
  });
});
