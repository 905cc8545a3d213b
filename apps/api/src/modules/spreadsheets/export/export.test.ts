import {
  type ContractStatus,
  EXPORT_COLUMNS,
  type Language,
  type Lead,
  type LeadListResponse,
  sharedResources,
} from '@funil/shared';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALPHANUMERIC_CNPJ, createBrandVia, createContactVia } from '../../../../test/brand-fixtures';
import { buildTestApp } from '../../../../test/build-test-app';
import { insertLeadDataset } from '../../../../test/lead-dataset';
import { createLeadReferences, createLeadVia } from '../../../../test/lead-fixtures';
import { type SignedIn, signIn } from '../../../../test/sign-in';
import type { App } from '../../../app';
import { leads } from '../../../db/schema';
import { escapeFormula, maskCnpj } from './cells';
import { DATE_FORMAT, MONEY_FORMAT } from './xlsx-writer';

const words = (language: Language) => sharedResources[language].spreadsheet;
const headersOf = (kind: keyof typeof EXPORT_COLUMNS, language: Language) =>
  EXPORT_COLUMNS[kind].map((column) => (words(language).columns[kind] as Record<string, string>)[column]);

/** A CSV answer's rows (header first), BOM checked and removed. */
function csvRows(body: string, delimiter: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  const parsed = Papa.parse<string[]>(body.slice(1), { delimiter, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

/** `yyyy-mm-dd hh:mm` of an ISO instant in UTC. */
const utcMinute = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;

describe('GET /api/{leads,brands,contacts}/export', () => {
  let app: App;
  let seller: SignedIn;

  beforeAll(async () => {
    app = await buildTestApp();
    seller = await signIn(app, { roles: ['comercial'], name: 'Vera Vendas' });
  });
  afterAll(() => app.close());

  const get = (url: string, language?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: { ...seller.headers, ...(language ? { 'accept-language': language } : {}) },
    });

  describe('one lead, every column', () => {
    let lead: Lead;
    beforeAll(async () => {
      const brand = await createBrandVia(app, seller.headers, {
        name: 'Marca Única',
        cnpj: ALPHANUMERIC_CNPJ,
      });
      const refs = { ...(await createLeadReferences(app, seller.headers)), brandId: brand.id };
      lead = await createLeadVia(app, seller.headers, refs, {
        assessment: 'Apuração 1',
        contract_status: 'no_juridico',
        executive: seller.user.id,
        franchises: ['Recife', 'Curitiba'],
        credit: 1234.5,
        invest: 1000000,
        exchange: true,
        rouanet_law: false,
        prospectus_year: 2027,
      });
    });
    const onlyThisLead = () => `search=${encodeURIComponent('Marca Única')}`;

    it('writes CSV in pt-BR: BOM, `;`, decimal comma, labels, masked CNPJ, franchises, yes/no, UTC dates', async () => {
      const response = await get(`/api/leads/export?format=csv&${onlyThisLead()}`, 'pt-BR');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      const today = new Date().toISOString().slice(0, 10);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="oportunidades-${today}.csv"; filename*=UTF-8''oportunidades-${today}.csv`,
      );
      const rows = csvRows(response.body, ';');
      expect(rows[0]).toEqual(headersOf('leads', 'pt-BR'));
      expect(rows[0]?.[0]).toBe('Marca');
      expect(rows.slice(1)).toEqual([
        [
          'Marca Única',
          '12.ABC.345/01DE-35',
          'Apuração 1',
          lead.vertical.label,
          lead.quota.label,
          lead.platform.label,
          '2027',
          'No jurídico',
          'Vera Vendas',
          'Curitiba, Recife',
          '1234,50',
          '1000000,00',
          'Sim',
          'Não',
          utcMinute(lead.createdAt),
          utcMinute(lead.updatedAt),
        ],
      ]);
      expect(response.body).toContain('\r\n');
    });

    it('writes CSV in en with `,` and a decimal point, and in es with `;` and a decimal comma', async () => {
      const en = await get(`/api/leads/export?format=csv&${onlyThisLead()}`, 'en-US,en;q=0.9');
      expect(en.headers['content-disposition']).toMatch(
        /^attachment; filename="opportunities-\d{4}-\d{2}-\d{2}\.csv"/,
      );
      const enRows = csvRows(en.body, ',');
      expect(enRows[0]).toEqual(headersOf('leads', 'en'));
      expect(enRows[1]?.slice(7, 14)).toEqual(
        ['In legal', 'Vera Vendas', 'Curitiba, Recife', '1234.50', '1000000.00', 'Yes', 'No'].map(
          (value, index) => (index === 0 ? words('en').contractStatus.no_juridico : value),
        ),
      );
      const es = await get(`/api/leads/export?format=csv&${onlyThisLead()}`, 'es');
      const esRows = csvRows(es.body, ';');
      expect(esRows[0]).toEqual(headersOf('leads', 'es'));
      expect(esRows[1]?.slice(10, 14)).toEqual(['1234,50', '1000000,00', 'Sí', 'No']);
    });

    it('writes dates in the `tz` asked for, UTC without one', async () => {
      const saoPaulo = csvRows(
        (await get(`/api/leads/export?format=csv&tz=America/Sao_Paulo&${onlyThisLead()}`)).body,
        ';',
      );
      const created = new Date(lead.createdAt);
      const expected = new Intl.DateTimeFormat('sv-SE', {
        timeZone: 'America/Sao_Paulo',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(created);
      expect(saoPaulo[1]?.[14]).toBe(expected);
      expect(saoPaulo[1]?.[14]).not.toBe(utcMinute(lead.createdAt));
      const tokyo = csvRows(
        (await get(`/api/leads/export?format=csv&tz=Asia/Tokyo&${onlyThisLead()}`)).body,
        ';',
      );
      expect(tokyo[1]?.[14]).toBe(utcMinute(new Date(created.getTime() + 9 * 3_600_000).toISOString()));
    });

    it('writes an XLSX: number cells with the BRL format, the year a number, Date cells, frozen bold header, autofilter', async () => {
      const response = await get(
        `/api/leads/export?format=xlsx&tz=America/Sao_Paulo&${onlyThisLead()}`,
        'pt-BR',
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="oportunidades-\d{4}-\d{2}-\d{2}\.xlsx"; filename\*=UTF-8''oportunidades-/,
      );
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
      const sheet = workbook.worksheets[0];
      if (!sheet) throw new Error('no worksheet');
      expect(sheet.rowCount).toBe(2);
      const header = sheet.getRow(1);
      expect(header.values).toEqual([undefined, ...headersOf('leads', 'pt-BR')]);
      expect(header.getCell(1).font?.bold).toBe(true);
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(sheet.autoFilter).toBe('A1:P1');
      expect(sheet.getColumn(1).width).toBeGreaterThan(10);

      const row = sheet.getRow(2);
      expect(row.getCell(1).value).toBe('Marca Única');
      expect(row.getCell(2).value).toBe('12.ABC.345/01DE-35');
      expect(row.getCell(7).value).toBe(2027);
      expect(row.getCell(8).value).toBe('No jurídico');
      expect(row.getCell(10).value).toBe('Curitiba, Recife');
      expect(row.getCell(11).value).toBe(1234.5);
      expect(row.getCell(11).numFmt).toBe(MONEY_FORMAT);
      expect(row.getCell(12).value).toBe(1000000);
      expect(row.getCell(13).value).toBe('Sim');
      const createdCell = row.getCell(15);
      expect(createdCell.value).toBeInstanceOf(Date);
      expect(createdCell.numFmt).toBe(DATE_FORMAT);
      // The wall-clock time in São Paulo (UTC-3), to the second, read back as UTC.
      const created = new Date(lead.createdAt);
      expect((createdCell.value as Date).getTime()).toBe(
        Math.floor(created.getTime() / 1000) * 1000 - 3 * 3_600_000 + (created.getTime() % 1000),
      );
    });
  });

  it('exports brands with their principal contact split, and contacts with their brand', async () => {
    const brand = await createBrandVia(app, seller.headers, {
      name: 'Zeta Exportável',
      company_name: 'Zeta Ltda',
      responsible: 'Rui',
    });
    await createContactVia(app, seller.headers, brand.id, {
      first_name: 'Ana',
      last_name: 'Souza',
      email: 'ana@zeta.com.br',
      position: 'Diretora',
      flag: 'principal',
    });
    await createContactVia(app, seller.headers, brand.id, { first_name: 'Beto', email: 'beto@zeta.com.br' });
    const lone = await createBrandVia(app, seller.headers, { name: 'Zeta Sem Contato' });

    const brands = csvRows((await get('/api/brands/export?format=csv&search=Zeta', 'en')).body, ',');
    expect(brands[0]).toEqual(headersOf('brands', 'en'));
    expect(brands.slice(1)).toEqual([
      [
        'Zeta Exportável',
        'Zeta Ltda',
        '11.222.333/0001-81',
        '',
        '',
        'Rui',
        '',
        'Active',
        'Ana',
        'Souza',
        'Diretora',
        'ana@zeta.com.br',
        '5511999999999',
        utcMinute(brand.createdAt),
        utcMinute(brand.updatedAt),
      ],
      [
        'Zeta Sem Contato',
        'Empresa Ltda',
        '11.222.333/0001-81',
        ...['', '', '', ''],
        'Active',
        ...['', '', '', '', ''],
        utcMinute(lone.createdAt),
        utcMinute(lone.updatedAt),
      ],
    ]);
    const sortedDesc = csvRows(
      (await get('/api/brands/export?format=csv&search=Zeta&sort=name&order=desc', 'en')).body,
      ',',
    );
    expect(sortedDesc.slice(1).map((row) => row[0])).toEqual(['Zeta Sem Contato', 'Zeta Exportável']);

    const contacts = csvRows(
      (await get(`/api/contacts/export?format=csv&brand_id=${brand.id}&sort=first_name`, 'pt-BR')).body,
      ';',
    );
    expect(contacts[0]).toEqual(headersOf('contacts', 'pt-BR'));
    expect(contacts.slice(1).map((row) => row.slice(0, 9))).toEqual([
      [
        'Zeta Exportável',
        '11.222.333/0001-81',
        'Diretora',
        'Ana',
        'Souza',
        'ana@zeta.com.br',
        '5511999999999',
        'Sim',
        'Ativo',
      ],
      [
        'Zeta Exportável',
        '11.222.333/0001-81',
        '',
        'Beto',
        'Souza',
        'beto@zeta.com.br',
        '5511999999999',
        'Não',
        'Ativo',
      ],
    ]);
    const principalOnly = csvRows(
      (await get(`/api/contacts/export?format=csv&brand_id=${brand.id}&flag=principal`)).body,
      ';',
    );
    expect(principalOnly.slice(1).map((row) => row[3])).toEqual(['Ana']);
    const names = await get('/api/contacts/export?format=xlsx&search=Beto', 'es');
    expect(names.headers['content-disposition']).toMatch(/filename="contactos-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const brandsFile = await get('/api/brands/export?format=csv', 'en');
    expect(brandsFile.headers['content-disposition']).toMatch(/filename="brands-\d{4}-\d{2}-\d{2}\.csv"/);
  });

  it('escapes text cells that would be formulas in a CSV, numbers never; an XLSX writes them as stored', async () => {
    const brand = await createBrandVia(app, seller.headers, { name: '=HYPERLINK("http://x")' });
    const refs = { ...(await createLeadReferences(app, seller.headers)), brandId: brand.id };
    const risky = ['=1+1', '+55 11', '-2', '@SUM(A1)', '\tTab', '\rCR'];
    for (const assessment of risky) {
      const lead = await createLeadVia(app, seller.headers, refs, { assessment });
      // The API trims texts: a leading tab or CR can only come from elsewhere (SQL, an old import).
      if (/^\s/.test(assessment)) await app.db.update(leads).set({ assessment }).where(eq(leads.id, lead.id));
    }
    const query = `brand_id=${brand.id}&sort=assessment`;

    const rows = csvRows((await get(`/api/leads/export?format=csv&${query}`, 'en')).body, ',');
    const assessments = rows.slice(1).map((row) => row[2]);
    expect([...assessments].sort()).toEqual(risky.map((text) => `'${text}`).sort());
    for (const row of rows.slice(1)) {
      expect(row[0]).toBe(`'=HYPERLINK("http://x")`);
      expect(row[10]).toBe('0.00');
    }

    const response = await get(`/api/leads/export?format=xlsx&${query}`, 'en');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0];
    const cells: unknown[] = [];
    sheet?.eachRow((row, number) => {
      if (number === 1) return;
      // Inline strings, never formulas: exceljs reads them back as rich text of one run.
      expect(row.getCell(1).text).toBe('=HYPERLINK("http://x")');
      expect(row.getCell(1).formula).toBeUndefined();
      expect(row.getCell(1).type).toBe(ExcelJS.ValueType.RichText);
      expect(row.getCell(3).formula).toBeUndefined();
      expect(row.getCell(11).value).toBe(0);
      cells.push(row.getCell(3).text);
    });
    // XML reads a carriage return in a text as a line feed (exceljs writes it raw).
    expect([...cells].sort()).toEqual(risky.map((text) => text.replace('\r', '\n')).sort());
  });

  describe('the same rows in the same order as the list', () => {
    beforeAll(async () => {
      await insertLeadDataset(app);
    });

    const statusWords = words('en').contractStatus as Record<ContractStatus, string>;
    /** The row the English CSV should hold for a lead the list answered. */
    const expectedRow = (lead: Lead) => [
      escapeFormula(lead.brand_id.name),
      maskCnpj(lead.brand_id.cnpj),
      escapeFormula(lead.assessment),
      lead.vertical.label,
      lead.quota.label,
      lead.platform.label,
      String(lead.prospectus_year),
      statusWords[lead.contract_status],
      lead.executive?.name ?? '',
      lead.franchises.join(', '),
      lead.credit.toFixed(2),
      lead.invest.toFixed(2),
      lead.exchange ? 'Yes' : 'No',
      lead.rouanet_law ? 'Yes' : 'No',
      utcMinute(lead.createdAt),
      utcMinute(lead.updatedAt),
    ];

    it('for each filter and sort', async () => {
      const dataset = await get('/api/leads?limit=1');
      const { total } = dataset.json<LeadListResponse>();
      expect(total).toBeLessThanOrEqual(100);
      const first = (await get('/api/leads?limit=1&sort=executive')).json<LeadListResponse>().data[0] as Lead;
      const queries = [
        '',
        'contract_status=quente',
        'contract_status=frio,assinado',
        'franchise=Curitiba',
        'exchange=true',
        'search=EBANO',
        'assessment=APICE',
        'prospectus_year=2027&franchise=Recife',
        `vertical=${first.vertical.id}`,
        `executive=${first.executive?.id ?? ''}`,
        'sort=brand',
        'sort=brand&order=desc',
        'sort=executive&order=desc',
        'sort=credit',
        'sort=contract_status&order=desc',
        'sort=assessment',
        'sort=vertical',
        'sort=updatedAt',
        'sort=prospectus_year&order=desc&exchange=false',
      ];
      for (const query of queries) {
        const list = await get(`/api/leads?limit=100&${query}`);
        expect(list.statusCode, query).toBe(200);
        const expected = list.json<LeadListResponse>().data.map(expectedRow);
        const exported = await get(`/api/leads/export?format=csv&${query}`, 'en');
        expect(exported.statusCode, query).toBe(200);
        expect(csvRows(exported.body, ',').slice(1), query).toEqual(expected);
      }
    });
  });

  it('refuses a missing or bad format, a bad tz or sort (400), and an anonymous caller (401)', async () => {
    const cases: [string, string][] = [
      ['/api/leads/export', 'format'],
      ['/api/leads/export?format=pdf', 'format'],
      ['/api/leads/export?format=csv&tz=Mars/Olympus', 'tz'],
      ['/api/leads/export?format=csv&sort=password', 'sort'],
      ['/api/brands/export?format=xls', 'format'],
      ['/api/brands/export?format=csv&sort=cnpj', 'sort'],
      ['/api/contacts/export?format=csv&tz=' + 'x'.repeat(80), 'tz'],
    ];
    for (const [url, field] of cases) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      const body = response.json<{ message: string; issues?: { path: string }[] }>();
      expect(
        body.issues?.map((issue) => issue.path),
        url,
      ).toContain(field);
    }
    expect((await get('/api/leads/export?format=xlsx&tz=Mars/Olympus')).json().message).toBe(
      (sharedResources['pt-BR'].validation.spreadsheet as Record<string, string>).time_zone_invalid,
    );
    for (const kind of ['leads', 'brands', 'contacts']) {
      const anonymous = await app.inject({ method: 'GET', url: `/api/${kind}/export?format=csv` });
      expect(anonymous.statusCode).toBe(401);
    }
  });
});
