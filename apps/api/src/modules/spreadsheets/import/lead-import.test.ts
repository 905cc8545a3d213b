import type { Lead, LeadHistory, LeadListResponse, LeadSummary } from '@funil/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrandVia, NUMERIC_CNPJ } from '../../../../test/brand-fixtures';
import { buildTestApp } from '../../../../test/build-test-app';
import { insertCatalogueItem } from '../../../../test/lead-fixtures';
import { type SignedIn, signIn } from '../../../../test/sign-in';
import { importOk, xlsxOf } from '../../../../test/spreadsheet-fixtures';
import type { App } from '../../../app';
import { leads, leadStatusChanges, platforms, quotas, verticals } from '../../../db/schema';
import { writtenEventCount } from '../../../../test/written-events';

const HEADER =
  'CNPJ da marca;Marca;Apuração;Vertical;Tipo de cota;Plataforma;Ano do prospecto;Status do contrato;Executivo;Praças;Crédito;Investimento;Permuta;Lei Rouanet';

describe('POST /api/leads/import', () => {
  let app: App;
  let seller: SignedIn;
  let exec: SignedIn;

  beforeAll(async () => {
    app = await buildTestApp();
    seller = await signIn(app, { roles: ['comercial'] });
    exec = await signIn(app, { roles: ['comercial'], name: 'Júlia Executiva', email: 'julia@funil.dev' });
    await createBrandVia(app, seller.headers, { name: 'Marca Única', cnpj: NUMERIC_CNPJ });
    await createBrandVia(app, seller.headers, { name: 'Gêmea', cnpj: '39.005.550/0001-39' });
    await createBrandVia(app, seller.headers, { name: 'gemea', cnpj: '80.209.694/0001-00' });
    await insertCatalogueItem(app, verticals, 'ESPORTE');
    await app.db.insert(quotas).values({ name: 'MASTER', label: 'Cota Master' });
    await insertCatalogueItem(app, platforms, 'TV ABERTA');
  });
  afterAll(() => app.close());

  const leadCount = async () => (await app.db.select({ n: count() }).from(leads))[0]?.n ?? 0;
  const summary = async () =>
    (
      await app.inject({ method: 'GET', url: '/api/leads/summary', headers: seller.headers })
    ).json<LeadSummary>();

  it('resolves brands, catalogue items, executives, franchises, statuses, amounts and yes/no; reports what it cannot', async () => {
    const csv = [
      HEADER,
      `11.222.333/0001-81;;Q1 2026;esporte;cota master;Tv Aberta;2026;Quente;julia@funil.dev;sao paulo, Rio de Janeiro;R$ 1.234,56;1234,5;Sim;x`,
      `;marca única;Q2 2026;ESPORTE;MASTER;TV ABERTA;2027;frio;Júlia Executiva;;1.000;;Não;`,
      `;Gemea;Q3;ESPORTE;MASTER;TV ABERTA;2026;Frio;;;;;;`,
      `;Ninguém;Q3;ESPORTE;MASTER;TV ABERTA;2026;Frio;;;;;;`,
      `;;Q3;ESPORTE;MASTER;TV ABERTA;2026;Frio;;;;;;`,
      `${NUMERIC_CNPJ};;Q4;CINEMA;MASTER;TV ABERTA;2026;Frio;;;;;;`,
      `${NUMERIC_CNPJ};;Q5;ESPORTE;MASTER;TV ABERTA;2026;Frio;Fulano;;;;;`,
      `${NUMERIC_CNPJ};;Q6;ESPORTE;MASTER;TV ABERTA;2026;Frio;;Atlântida;;;;`,
      `${NUMERIC_CNPJ};;Q7;ESPORTE;MASTER;TV ABERTA;2026;Frio;;;12,3,4;;talvez;`,
      `${NUMERIC_CNPJ};;Q8;ESPORTE;MASTER;TV ABERTA;2030;Gelado;;;;;;`,
    ].join('\n');
    const answer = await importOk(app, seller.headers, 'leads', csv);
    expect(answer.preview.slice(0, 2).map((row) => [row.action, row.issues])).toEqual([
      ['create', []],
      ['create', []],
    ]);
    // Each skipped row is named by its brand's name cell, else its CNPJ cell.
    expect(answer.skipped.map(({ row, part, name }) => [row, part, name])).toEqual([
      [4, 'row', 'Gemea'],
      [5, 'row', 'Ninguém'],
      [6, 'row', null],
      [7, 'row', NUMERIC_CNPJ],
      [8, 'row', NUMERIC_CNPJ],
      [9, 'row', NUMERIC_CNPJ],
      [10, 'row', NUMERIC_CNPJ],
      [11, 'row', NUMERIC_CNPJ],
    ]);
    expect(answer.skipped[6]?.issues.map((issue) => issue.field)).toEqual(['credit', 'exchange']);
    expect(answer.skipped.map(({ row, field, message }) => ({ row, field, message }))).toEqual([
      { row: 4, field: 'brand_name', message: 'Mais de uma marca com esse nome; informe o CNPJ' },
      { row: 5, field: 'brand_name', message: 'Marca não encontrada' },
      { row: 6, field: 'brand_name', message: 'Informe o CNPJ ou o nome da marca' },
      { row: 7, field: 'vertical', message: 'Vertical não encontrada' },
      { row: 8, field: 'executive', message: 'Executivo não encontrado' },
      { row: 9, field: 'franchises', message: 'Praça não encontrada' },
      { row: 10, field: 'credit', message: 'Valor numérico inválido' },
      { row: 11, field: 'prospectus_year', message: 'Ano do prospecto deve ser 2026, 2027 ou 2028' },
    ]);
    expect(answer.preview[8]?.issues.map((issue) => issue.field)).toEqual(['credit', 'exchange']);
    expect(answer.preview[9]?.issues.map((issue) => issue.message)).toEqual([
      'Ano do prospecto deve ser 2026, 2027 ou 2028',
      'Status do contrato inválido',
    ]);
    expect(await leadCount()).toBe(0);
  });

  it('commits in one transaction: leads, franchises, a history entry each, exact running totals', async () => {
    const before = await summary();
    const csv = [
      HEADER,
      `${NUMERIC_CNPJ};;Q1 2026;ESPORTE;MASTER;TV ABERTA;2026;Quente;julia@funil.dev;São Paulo, Recife;R$ 1.234,56;1234,5;Sim;x`,
      `${NUMERIC_CNPJ};;Q2 2026;ESPORTE;MASTER;TV ABERTA;2026;Morno;;;100;200,25;não;0`,
      `${NUMERIC_CNPJ};;Q3 2026;ESPORTE;MASTER;TV ABERTA;2026;Hot;;;;;No;No`,
      `${NUMERIC_CNPJ};;q1 2026;Esporte;Master;TV Aberta;2026;Frio;;;;;;`,
    ].join('\n');
    const answer = await importOk(app, seller.headers, 'leads', csv, { dry_run: false });
    expect(answer).toMatchObject({ created: 3, updated: 0 });
    expect(answer.skipped).toEqual([
      {
        row: 5,
        field: 'assessment',
        message: 'Oportunidade repetida na planilha',
        part: 'row',
        name: NUMERIC_CNPJ,
        issues: [{ field: 'assessment', message: 'Oportunidade repetida na planilha' }],
      },
    ]);

    const list = (
      await app.inject({
        method: 'GET',
        url: '/api/leads?sort=assessment&order=asc',
        headers: seller.headers,
      })
    ).json<LeadListResponse>();
    expect(list.data.map((lead) => lead.assessment)).toEqual(['Q1 2026', 'Q2 2026', 'Q3 2026']);
    const first = list.data[0] as Lead;
    expect(first).toMatchObject({
      contract_status: 'quente',
      executive: { id: exec.user.id },
      franchises: ['Recife', 'São Paulo'],
      credit: 1234.56,
      invest: 1234.5,
      exchange: true,
      rouanet_law: true,
    });
    expect(list.data[1]).toMatchObject({ credit: 100, invest: 200.25, exchange: false, rouanet_law: false });
    const history = (
      await app.inject({ method: 'GET', url: `/api/leads/${first.id}/history`, headers: seller.headers })
    ).json<LeadHistory>();
    expect(history.data).toEqual([
      expect.objectContaining({
        from_status: null,
        to_status: 'quente',
        user: expect.objectContaining({ id: seller.user.id }),
      }),
    ]);
    expect((await app.db.select({ n: count() }).from(leadStatusChanges))[0]?.n).toBe(3);

    const after = await summary();
    const column = (totals: LeadSummary, status: string) =>
      totals.columns.find((c) => c.contract_status === status);
    expect(column(after, 'quente')).toMatchObject({
      contract_status: 'quente',
      count: (column(before, 'quente')?.count ?? 0) + 2,
      credit: (column(before, 'quente')?.credit ?? 0) + 1234.56,
      invest: (column(before, 'quente')?.invest ?? 0) + 1234.5,
    });
    expect(column(after, 'morno')).toMatchObject({ count: 1, credit: 100, invest: 200.25 });
    // The running totals agree with a count of the leads themselves (the franchise filter reads them).
    const byFranchise = (
      await app.inject({ method: 'GET', url: '/api/leads/summary?franchise=Recife', headers: seller.headers })
    ).json<LeadSummary>();
    expect(column(byFranchise, 'quente')).toMatchObject({ count: 1, credit: 1234.56 });
  });

  it('skips a lead already in Funil; with update, fills it and records the status move', async () => {
    const csv = [
      HEADER,
      `${NUMERIC_CNPJ};;Q2 2026;ESPORTE;MASTER;TV ABERTA;2026;Assinado;;Recife;500;;;`,
    ].join('\n');
    const skip = await importOk(app, seller.headers, 'leads', csv, { dry_run: false });
    expect(skip.skipped.map(({ row, field, message }) => ({ row, field, message }))).toEqual([
      { row: 2, field: 'assessment', message: 'Oportunidade já cadastrada' },
    ]);
    const update = await importOk(app, seller.headers, 'leads', csv, {
      dry_run: false,
      on_duplicate: 'update',
    });
    expect(update).toMatchObject({ created: 0, updated: 1, unchanged: 0, skipped: [] });
    const list = (
      await app.inject({ method: 'GET', url: '/api/leads?assessment=Q2', headers: seller.headers })
    ).json<LeadListResponse>();
    const lead = list.data[0] as Lead;
    // The empty investment cell keeps the lead's 200.25: a hole in the sheet is no value.
    expect(lead).toMatchObject({
      contract_status: 'assinado',
      credit: 500,
      invest: 200.25,
      exchange: false,
      franchises: ['Recife'],
    });
    const history = (
      await app.inject({ method: 'GET', url: `/api/leads/${lead.id}/history`, headers: seller.headers })
    ).json<LeadHistory>();
    expect(history.data.map((entry) => [entry.from_status, entry.to_status])).toEqual([
      ['morno', 'assinado'],
      [null, 'morno'],
    ]);
    const totals = await summary();
    expect(totals.columns.find((c) => c.contract_status === 'morno')).toMatchObject({ count: 0, credit: 0 });
    expect(totals.columns.find((c) => c.contract_status === 'assinado')).toMatchObject({
      count: 1,
      credit: 500,
    });
  });

  it('reads amounts by the file convention: `,` decimal in `;` files and XLSX text, `.` in `,` files; XLSX numbers as they are', async () => {
    const comma = [
      'CNPJ da marca,Apuração,Vertical,Tipo de cota,Plataforma,Ano do prospecto,Status do contrato,Crédito,Investimento',
      `${NUMERIC_CNPJ},N1,ESPORTE,MASTER,TV ABERTA,2028,frio,1234.56,"1,234.5"`,
      `${NUMERIC_CNPJ},N2,ESPORTE,MASTER,TV ABERTA,2028,frio,"1.234,56",12.34`,
    ].join('\n');
    const answer = await importOk(app, seller.headers, 'leads', comma, { language: 'en' });
    expect(answer.preview.map((row) => row.issues)).toEqual([[], []]);
    const xlsx = await xlsxOf([
      [
        'brand_cnpj',
        'assessment',
        'vertical',
        'quota',
        'platform',
        'prospectus_year',
        'contract_status',
        'credit',
        'invest',
        'exchange',
      ],
      [NUMERIC_CNPJ, 'X1', 'ESPORTE', 'MASTER', 'TV ABERTA', 2028, 'Closed', 1234.5, '1.234,56', 1],
      [NUMERIC_CNPJ, 'X2', 'ESPORTE', 'MASTER', 'TV ABERTA', 2028, 'Cerrado', 0.001, '1234.5', 'Sí'],
    ]);
    const fromXlsx = await importOk(app, seller.headers, 'leads', xlsx, {
      filename: 'a.xlsx',
      language: 'en',
    });
    expect(fromXlsx.preview[0]).toMatchObject({ action: 'create', issues: [] });
    expect(fromXlsx.preview[1]?.issues).toEqual([
      { field: 'credit', message: expect.stringMatching(/two decimal/) },
      { field: 'invest', message: 'Invalid number' },
    ]);
  });

  /** Rows waiting in the outbox plus events already in the log: a write adds to one or the other. */
  const eventCount = async () => writtenEventCount(app.db);
  const leadStamps = async () =>
    Object.fromEntries(
      (await app.db.select({ id: leads.id, at: leads.updatedAt }).from(leads)).map((lead) => [
        lead.id,
        lead.at.toISOString(),
      ]),
    );

  it('re-importing its own export with update changes nothing (no updatedAt, history or event); one changed cell updates that lead alone', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/leads/export?format=csv',
      headers: seller.headers,
    });
    expect(response.statusCode).toBe(200);
    const file = response.body;
    const total = await leadCount();
    expect(total).toBeGreaterThanOrEqual(3);
    const stampsBefore = await leadStamps();
    const eventsBefore = await eventCount();
    const historyBefore = (await app.db.select({ n: count() }).from(leadStatusChanges))[0]?.n;

    const answer = await importOk(app, seller.headers, 'leads', file, {
      dry_run: false,
      on_duplicate: 'update',
    });
    expect(answer).toMatchObject({ rows: total, created: 0, updated: 0, unchanged: total, skipped: [] });
    expect(await leadStamps()).toEqual(stampsBefore);
    expect(await eventCount()).toBe(eventsBefore);
    expect((await app.db.select({ n: count() }).from(leadStatusChanges))[0]?.n).toBe(historyBefore);

    // Q1 2026 is the only lead in Quente, in São Paulo and Recife: it moves to Morno, and only it.
    const [q1] = await app.db.select().from(leads).where(eq(leads.assessment, 'Q1 2026'));
    const lines = file.split('\r\n');
    const q1Line = lines.findIndex((line) => line.includes('Q1 2026'));
    expect(lines[q1Line]).toContain('Quente');
    lines[q1Line] = (lines[q1Line] ?? '').replace('Quente', 'Morno');
    const once = await importOk(app, seller.headers, 'leads', lines.join('\r\n'), {
      dry_run: false,
      on_duplicate: 'update',
    });
    expect(once).toMatchObject({ created: 0, updated: 1, unchanged: total - 1 });
    const after = await leadStamps();
    expect(Object.keys(after).filter((id) => after[id] !== stampsBefore[id])).toEqual([q1?.id]);
    expect(await eventCount()).toBe(eventsBefore + 1);
    expect((await app.db.select({ n: count() }).from(leadStatusChanges))[0]?.n).toBe(
      (historyBefore ?? 0) + 1,
    );
  });

  it('an update row may leave the status and other cells empty: they keep what the lead holds', async () => {
    const [q1] = await app.db.select().from(leads).where(eq(leads.assessment, 'Q1 2026'));
    const csv = [HEADER, `${NUMERIC_CNPJ};;Q1 2026;ESPORTE;MASTER;TV ABERTA;2026;;;;;;;`].join('\n');
    const skip = await importOk(app, seller.headers, 'leads', csv, { dry_run: false });
    expect(skip.skipped.map((row) => row.message)).toEqual(['Oportunidade já cadastrada']);
    // A new lead still needs its status.
    const other = csv.replace('Q1 2026', 'Q9 2026');
    const create = await importOk(app, seller.headers, 'leads', other, { on_duplicate: 'update' });
    expect(create.skipped.map((row) => row.message)).toEqual(['Status do contrato é obrigatório']);
    const update = await importOk(app, seller.headers, 'leads', csv, {
      dry_run: false,
      on_duplicate: 'update',
    });
    expect(update).toMatchObject({ updated: 0, unchanged: 1, skipped: [] });
    const filled = [HEADER, `${NUMERIC_CNPJ};;Q1 2026;ESPORTE;MASTER;TV ABERTA;2026;;;;;99;;`].join('\n');
    const fill = await importOk(app, seller.headers, 'leads', filled, {
      dry_run: false,
      on_duplicate: 'update',
    });
    expect(fill).toMatchObject({ updated: 1, skipped: [] });
    const [after] = await app.db
      .select()
      .from(leads)
      .where(eq(leads.id, q1?.id ?? ''));
    expect(after).toMatchObject({
      contractStatus: q1?.contractStatus,
      executiveId: q1?.executiveId,
      credit: q1?.credit,
      invest: 99,
      exchange: q1?.exchange,
    });
  });

  it('names a brand by CNPJ and name: with both, that brand of the company; a CNPJ alone shared by several brands is ambiguous', async () => {
    const cnpj = '71.530.928/0001-26';
    await createBrandVia(app, seller.headers, { name: 'Irmã Um', cnpj });
    await createBrandVia(app, seller.headers, { name: 'Irmã Dois', cnpj });
    const csv = [
      HEADER,
      `${cnpj};IRMA DOIS;Z1;ESPORTE;MASTER;TV ABERTA;2026;Frio;;;;;;`,
      `${cnpj};;Z2;ESPORTE;MASTER;TV ABERTA;2026;Frio;;;;;;`,
      `${cnpj};Irmã Três;Z3;ESPORTE;MASTER;TV ABERTA;2026;Frio;;;;;;`,
      `${NUMERIC_CNPJ};;Z4;ESPORTE;MASTER;TV ABERTA;2026;Frio;;;;;;`,
    ].join('\n');
    const answer = await importOk(app, seller.headers, 'leads', csv, { dry_run: false });
    expect(answer.preview.map((row) => row.action)).toEqual(['create', 'skip', 'skip', 'create']);
    expect(answer.skipped.map(({ row, field, message }) => ({ row, field, message }))).toEqual([
      { row: 3, field: 'brand_cnpj', message: 'Mais de uma marca com esse CNPJ; informe o nome da marca' },
      { row: 4, field: 'brand_name', message: 'Marca não encontrada' },
    ]);
    const list = (
      await app.inject({ method: 'GET', url: '/api/leads?assessment=Z1', headers: seller.headers })
    ).json<LeadListResponse>();
    expect(list.data.map((lead) => lead.brand_id.name)).toEqual(['Irmã Dois']);
  });
});
