import { crc32, deflateRawSync } from 'node:zlib';

export type ZipFixtureFile = {
  name: string;
  content: Buffer | string;
  /** What the zip's headers claim the file unpacks to; default its true size (a bomb claims less or more). */
  claimedSize?: number;
};

/**
 * A zip of deflated files written byte by byte, so a test can make the archives a spreadsheet
 * program never would: huge but compressed XML, or headers that lie about what a file unpacks to.
 */
export function deflatedZip(files: readonly ZipFixtureFile[]): Buffer {
  const entries: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const content = typeof file.content === 'string' ? Buffer.from(file.content, 'utf8') : file.content;
    const compressed = deflateRawSync(content);
    const name = Buffer.from(file.name, 'utf8');
    const size = file.claimedSize ?? content.length;
    const checksum = crc32(content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(checksum, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(checksum, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    entries.push(local, name, compressed);
    directory.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...entries, directoryBytes, end]);
}

/** The smallest workbook parts around `sheetXml` (one sheet, inline strings, no styles). */
export function minimalWorkbook(sheetXml: string, options: { claimedSheetSize?: number } = {}): Buffer {
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const relationships = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return deflatedZip([
    {
      name: '[Content_Types].xml',
      content:
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '</Types>',
    },
    {
      name: '_rels/.rels',
      content: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${relationships}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      content: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${main}" xmlns:r="${relationships}"><sheets><sheet name="Planilha" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${relationships}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    },
    { name: 'xl/worksheets/sheet1.xml', content: sheetXml, claimedSize: options.claimedSheetSize },
  ]);
}

/**
 * A worksheet's XML of `rows` rows of `columns` cells: `cell(row, column)` as an inline string
 * (`r1c1`, `r1c2`... by default), a number cell when it gives a number, no cell when null.
 */
export function sheetXmlOf(
  rows: number,
  columns: number,
  cell: (row: number, column: number) => string | number | null = (row, column) => `r${row}c${column}`,
): string {
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
  ];
  for (let row = 1; row <= rows; row += 1) {
    parts.push(`<row r="${row}">`);
    for (let column = 1; column <= columns; column += 1) {
      const value = cell(row, column);
      const at = `${columnName(column)}${row}`;
      if (typeof value === 'number') parts.push(`<c r="${at}"><v>${value}</v></c>`);
      else if (value !== null) parts.push(`<c r="${at}" t="inlineStr"><is><t>${value}</t></is></c>`);
    }
    parts.push('</row>');
  }
  parts.push('</sheetData></worksheet>');
  return parts.join('');
}

/** A column's letters: 1 → A, 27 → AA. */
function columnName(column: number): string {
  let name = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}
