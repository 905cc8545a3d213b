import { EXPORT_COLUMNS } from '@funil/shared';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { createBrandVia, createContactVia } from '../../../../test/brand-fixtures';
import { buildTestApp } from '../../../../test/build-test-app';
import { type SignedIn, signIn } from '../../../../test/sign-in';
import type { App } from '../../../app';
import { contacts } from '../../../db/schema';

/** Texts a spreadsheet would take for formulas if typed in, as Funil stores them. */
const DESCRIPTION = '=== IMPORTANTE ===\nlinha 2';
const PHONE = '+55 11 98765-0001';
/** A multi-line text that looks like no formula. */
const AREA = 'Varejo\nAtacado';

/** The text of one entry of a zip held in memory. */
function zipEntryText(zip: Buffer, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (openError, file) => {
      if (openError) return reject(openError);
      file.on('error', reject);
      file.on('end', () => reject(new Error(`${name} is not in the zip`)));
      file.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== name) return file.readEntry();
        file.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            file.close();
            resolve(Buffer.concat(chunks).toString('utf8'));
          });
        });
      });
      file.readEntry();
    });
  });
}

/** The `<c>` elements of a worksheet's XML by reference (`G2`): their attributes and content. */
function xmlCells(sheetXml: string): Map<string, { attributes: string; content: string }> {
  const cells = new Map<string, { attributes: string; content: string }>();
  for (const match of sheetXml.matchAll(/<c r="([A-Z]+\d+)"([^>]*?)(?:\/>|>(.*?)<\/c>)/gs)) {
    cells.set(match[1] as string, { attributes: match[2] ?? '', content: match[3] ?? '' });
  }
  return cells;
}

/** A column's letter from its index in EXPORT_COLUMNS (0 → A). */
const letter = (index: number) => String.fromCharCode(65 + index);

async function firstSheet(xlsx: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  return sheet;
}

describe('XLSX export: texts as string cells, multi-line texts wrapped', () => {
  let app: App;
  let seller: SignedIn;
  let brandId: string;

  beforeAll(async () => {
    app = await buildTestApp();
    seller = await signIn(app, { roles: ['comercial'] });
    const brand = await createBrandVia(app, seller.headers, {
      name: 'Marca Texto Puro',
      description: DESCRIPTION,
      area_of_activity: AREA,
    });
    brandId = brand.id;
    const contact = await createContactVia(app, seller.headers, brand.id, {
      first_name: 'Rita',
      flag: 'principal',
    });
    // The API keeps a phone's digits only: a phone with its mask comes from older data.
    await app.db.update(contacts).set({ phoneNumber: PHONE }).where(eq(contacts.id, contact.id));
  });
  afterAll(() => app.close());

  const download = async (url: string) => {
    const response = await app.inject({
      method: 'GET',
      url,
      headers: { ...seller.headers, 'accept-language': 'en' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.rawPayload;
  };

  const cases = [
    {
      kind: 'brands',
      url: () => `/api/brands/export?format=xlsx&search=${encodeURIComponent('Marca Texto Puro')}`,
      texts: { description: DESCRIPTION, contact_phone: PHONE },
      plain: EXPORT_COLUMNS.brands.indexOf('name'),
      plainMultiLine: EXPORT_COLUMNS.brands.indexOf('area_of_activity'),
    },
    {
      kind: 'contacts',
      url: () => `/api/contacts/export?format=xlsx&brand_id=${brandId}`,
      texts: { phone_number: PHONE },
      plain: EXPORT_COLUMNS.contacts.indexOf('first_name'),
      plainMultiLine: null,
    },
  ] as const;

  for (const { kind, url, texts, plain, plainMultiLine } of cases) {
    it(`writes ${kind}' formula-looking texts exactly as stored, as string cells; the multi-line one wraps`, async () => {
      const xlsx = await download(url());
      const columns = EXPORT_COLUMNS[kind] as readonly string[];

      const sheet = await firstSheet(xlsx);
      expect(sheet.rowCount).toBe(2);
      const row = sheet.getRow(2);
      for (const [column, stored] of Object.entries(texts)) {
        const cell = row.getCell(columns.indexOf(column) + 1);
        expect(cell.text, column).toBe(stored);
        expect(cell.formula, column).toBeUndefined();
        // An inline string of one unformatted run, which exceljs reads back as rich text.
        expect(cell.type, column).toBe(ExcelJS.ValueType.RichText);
        expect(cell.value, column).toEqual({ richText: [{ text: stored }] });
        const wraps = stored.includes('\n');
        expect(cell.alignment, column).toEqual(wraps ? { wrapText: true, vertical: 'top' } : undefined);
      }
      const plainCell = row.getCell(plain + 1);
      expect(plainCell.type).toBe(ExcelJS.ValueType.String);
      expect(plainCell.alignment).toBeUndefined();
      if (plainMultiLine !== null) {
        const multiLine = row.getCell(plainMultiLine + 1);
        expect(multiLine.value).toBe(AREA);
        expect(multiLine.type).toBe(ExcelJS.ValueType.String);
        expect(multiLine.alignment).toEqual({ wrapText: true, vertical: 'top' });
      }

      const sheetXml = await zipEntryText(xlsx, 'xl/worksheets/sheet1.xml');
      expect(sheetXml).not.toMatch(/<f[\s>]/);
      const cells = xmlCells(sheetXml);
      for (const [column, stored] of Object.entries(texts)) {
        const cell = cells.get(`${letter(columns.indexOf(column))}2`);
        expect(cell?.attributes, column).toContain('t="inlineStr"');
        const inline = /^<is><r><t(?: [^>]*)?>(.*)<\/t><\/r><\/is>$/s.exec(cell?.content ?? '');
        expect(inline?.[1], column).toBe(stored);
      }
    });
  }

  it('keeps the apostrophe before the same texts in a CSV', async () => {
    const rowsOf = async (path: string) => {
      const body = (await download(path)).toString('utf8');
      expect(body.startsWith('\uFEFF')).toBe(true);
      const parsed = Papa.parse<string[]>(body.slice(1), { delimiter: ',', skipEmptyLines: true });
      expect(parsed.errors).toEqual([]);
      return parsed.data;
    };
    const brandRows = await rowsOf(
      `/api/brands/export?format=csv&search=${encodeURIComponent('Marca Texto Puro')}`,
    );
    expect(brandRows).toHaveLength(2);
    expect(brandRows[1]?.[EXPORT_COLUMNS.brands.indexOf('description')]).toBe(`'${DESCRIPTION}`);
    expect(brandRows[1]?.[EXPORT_COLUMNS.brands.indexOf('contact_phone')]).toBe(`'${PHONE}`);
    const contactRows = await rowsOf(`/api/contacts/export?format=csv&brand_id=${brandId}`);
    expect(contactRows).toHaveLength(2);
    expect(contactRows[1]?.[EXPORT_COLUMNS.contacts.indexOf('phone_number')]).toBe(`'${PHONE}`);
  });
});
