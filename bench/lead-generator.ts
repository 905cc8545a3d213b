/**
 * Fills a migrated Funil database with a sales team's pipeline at scale, set-based: every table is
 * one `INSERT … SELECT generate_series` (no row-by-row round trips), so a million leads take
 * seconds to minutes, not hours. Deterministic (setseed), so two runs of the same size compare.
 *
 * It expects the catalogues (verticals, quota types, platforms) to exist already (the CLI,
 * generate-leads.ts, creates them through the API) and uses every item of them; franchises come
 * from the migrations. Executives are users with the `comercial` role, created here.
 *
 * The rows are written as a backfill (apps/api/src/db/backfill.ts), as `npm run db:backfill`
 * writes a file: the derived-data triggers are off while they are inserted, every derived
 * structure (running totals, praça copies, the report's rollup, …) is then counted once from the
 * rows, and no live event is written for them.
 */
import { backfillInTransaction } from '../apps/api/src/db/backfill';

export type GeneratorSize = { brands: number; leads: number };

/**
 * What the generator needs of a connection: run one SQL text, which may hold several statements
 * without parameters. A node-postgres client is one; an in-process PGlite is one through `exec`.
 */
export type SqlRunner = { query: (text: string) => Promise<unknown> };

/** Pipeline weights (frio → cancelado): most opportunities sit in the early columns, as in a funnel. */
const STATUS_WEIGHTS: [status: string, weight: number][] = [
  ['frio', 30],
  ['morno', 22],
  ['quente', 15],
  ['fechado', 8],
  ['no_juridico', 6],
  ['assinado', 9],
  ['declinado', 6],
  ['cancelado', 4],
];

const EXECUTIVES = [
  'Carla Mendes',
  'Rafael Lima',
  'Juliana Rocha',
  'Marcos Teixeira',
  'Patrícia Gomes',
  'Thiago Barros',
  'Fernanda Dias',
  'Lucas Martins',
];

const BRAND_FIRST = [
  'Sabor',
  'Café',
  'Banco',
  'Viva',
  'Rota',
  'Casa',
  'Energia',
  'Tele',
  'Pão',
  'Açaí',
  'Moda',
  'Sertão',
  'Clínica',
  'Escola',
  'Cervejaria',
  'Construtora',
  'Seguros',
  'Pet',
  'Óticas',
  'Supermercados',
];
const BRAND_SECOND = [
  'da Terra',
  'Serra Azul',
  'Horizonte',
  'Farma',
  'Sul',
  'Bella',
  'Verde',
  'Norte',
  'Nosso',
  'Amazônia',
  'Carioca',
  'Agro',
  'Bem Viver',
  'Saber',
  'Lagoa',
  'Alicerce',
  'Amparo',
  'Feliz',
  'Visão',
  'Boa Compra',
];
const AREAS = [
  'Alimentos',
  'Bebidas',
  'Serviços financeiros',
  'Saúde',
  'Varejo',
  'Energia',
  'Telecom',
  'Moda',
];
const FIRST_NAMES = [
  'Ana',
  'Bruno',
  'Camila',
  'Diego',
  'Eduarda',
  'Felipe',
  'Gabriela',
  'Henrique',
  'Isabela',
];
const LAST_NAMES = ['Silva', 'Souza', 'Oliveira', 'Santos', 'Pereira', 'Costa', 'Rodrigues', 'Almeida'];
const ASSESSMENTS = ['Q1', 'Q2', 'Q3', 'Q4', 'JAN', 'MAR', 'JUN', 'SET', 'DEZ'];

const LOST_REASONS = [
  'Sem verba este ano',
  'Preço acima do orçamento',
  'Escolheu outro veículo',
  'Mudança de diretoria',
  'Projeto adiado',
  'Sem retorno do cliente',
];

/** A SQL text[] literal of `items`, quoted. */
const textArray = (items: readonly string[]) =>
  `array[${items.map((item) => `'${item.replaceAll("'", "''")}'`).join(', ')}]::text[]`;

/** Picks `array[1 + floor(random() * n)]` of a literal array: one random element per row. */
const randomOf = (items: readonly string[]) =>
  `(${textArray(items)})[1 + floor(random() * ${items.length})::int]`;

/** A CASE on `r` (uniform in [0, 1)) that lands on each status in proportion to its weight. */
function weightedStatus(r: string): string {
  const total = STATUS_WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
  let cumulative = 0;
  const branches = STATUS_WEIGHTS.slice(0, -1).map(([status, weight]) => {
    cumulative += weight;
    return `when ${r} < ${(cumulative / total).toFixed(4)} then '${status}'`;
  });
  return `case ${branches.join(' ')} else '${STATUS_WEIGHTS.at(-1)?.[0]}' end`;
}

type Step = { label: string; sql: string };

function steps({ brands, leads }: GeneratorSize): Step[] {
  return [
    {
      label: 'executives (comercial users)',
      sql: `insert into users (email, name, roles)
        select 'executivo' || n || '@funil.dev', (${textArray(EXECUTIVES)})[n], '{comercial}'
        from generate_series(1, ${EXECUTIVES.length}) as n
        on conflict (email) do nothing`,
    },
    {
      label: `${brands.toLocaleString('en')} brands`,
      sql: `insert into brands (name, company_name, cnpj, area_of_activity, segmentation, responsible,
          description, status, created_at, updated_at)
        select name, name || ' Ltda', lpad(n::text, 14, '0'), area, area || ' nacional',
          ${randomOf(FIRST_NAMES)} || ' ' || ${randomOf(LAST_NAMES)},
          name || ': marca de ' || lower(area) || ' com atuação nacional.',
          case when n % 23 = 0 then 'inactive' else 'active' end, at, at
        from (
          select n,
            (${textArray(BRAND_FIRST)})[1 + n % ${BRAND_FIRST.length}] || ' '
              || (${textArray(BRAND_SECOND)})[1 + (n / ${BRAND_FIRST.length}) % ${BRAND_SECOND.length}]
              || ' ' || n as name,
            ${randomOf(AREAS)} as area,
            now() - random() * interval '1095 days' as at
          from generate_series(1, ${brands}) as n
        ) as brand`,
    },
    {
      label: 'contacts (1–4 per brand, one principal)',
      sql: `insert into contacts (brand_id, position, first_name, last_name, email, phone_number, flag, status)
        select b.id, ${randomOf(['Gerente de Marketing', 'Diretor Comercial', 'Analista de Mídia', 'CEO'])},
          first_name, last_name,
          lower(first_name || '.' || last_name || k) || '@marca' || b.n || '.com.br',
          (${textArray(['11', '21', '31', '41', '51', '61', '71', '81'])})[1 + k] || '9'
            || lpad(floor(random() * 100000000)::text, 8, '0'),
          case when k = 0 then 'principal' else 'secundario' end,
          case when k = 3 then 'inactive' else 'active' end
        from (select id, row_number() over (order by created_at, id) as n, floor(random() * 4)::int as extra
              from brands) as b
        cross join lateral generate_series(0, b.extra) as k
        cross join lateral (select ${randomOf(FIRST_NAMES)} as first_name,
                                   ${randomOf(LAST_NAMES)} as last_name, k as kk) as name`,
    },
    {
      label: 'numbered lookups (brands, items, executives)',
      sql: `create temporary table bench_brand on commit drop as
          select row_number() over (order by id) as n, id from brands;
        create unique index on bench_brand (n);
        create temporary table bench_item on commit drop as
          select 'vertical' as kind, row_number() over (order by id) - 1 as n, id from verticals
          union all select 'quota', row_number() over (order by id) - 1, id from quotas
          union all select 'platform', row_number() over (order by id) - 1, id from platforms
          union all select 'executive', row_number() over (order by id) - 1, id from users
            where 'comercial' = any(roles) and is_active
          union all select 'franchise', row_number() over (order by id) - 1, id from franchises;
        create unique index on bench_item (kind, n);
        analyze bench_brand; analyze bench_item`,
    },
    {
      label: `${leads.toLocaleString('en')} leads`,
      // Numbers drawn per row in the inner query, looked up by hash join in the outer one. Brands
      // are skewed (random()²): a few big accounts hold many opportunities, most hold a few. Each
      // lead entered its status at its creation (one in ten: never moved) or at a moment between
      // then and now (about one in six in the last 30 days: the fresh leads the stale counts read);
      // a signed or lost one was won or lost then (the path there passed no other win or loss).
      sql: `insert into leads (brand_id, assessment, vertical_id, quota_id, platform_id, prospectus_year,
          contract_status, executive_id, credit, invest, exchange, rouanet_law, created_at, updated_at,
          status_changed_at, won_at, lost_at, lost_reason)
        select b.id, r.assessment || '/' || r.year, v.id, q.id, p.id, r.year, r.status, e.id,
          r.credit, r.invest, r.exchange, r.rouanet_law, r.created_at,
          least(now(), r.created_at + random() * interval '45 days'),
          moved.at,
          case when r.status = 'assinado' then moved.at end,
          case when r.status in ('declinado', 'cancelado') then moved.at end,
          case when r.status in ('declinado', 'cancelado') and not r.never_moved and random() < 0.7
            then ${randomOf(LOST_REASONS)} end
        from (
          select 1 + floor(power(random(), 2) * (select count(*) from bench_brand))::bigint as brand_n,
            floor(random() * (select count(*) from bench_item where kind = 'vertical'))::bigint as vertical_n,
            floor(random() * (select count(*) from bench_item where kind = 'quota'))::bigint as quota_n,
            floor(random() * (select count(*) from bench_item where kind = 'platform'))::bigint as platform_n,
            case when random() < 0.12 then null
              else floor(random() * (select count(*) from bench_item where kind = 'executive'))::bigint
            end as executive_n,
            ${randomOf(ASSESSMENTS)} as assessment,
            case when y < 0.45 then 2026 when y < 0.80 then 2027 else 2028 end as year,
            ${weightedStatus('s')} as status,
            round((power(random(), 2) * 500000)::numeric, -2) as credit,
            round((power(random(), 3) * 200000)::numeric, 2) as invest,
            random() < 0.15 as exchange,
            random() < 0.2 as rouanet_law,
            now() - random() * interval '730 days' as created_at,
            random() < 0.1 as never_moved,
            random() as moved_draw
          from generate_series(1, ${leads}) as n,
            lateral (select random() as y, random() as s, n as nn) as draw
        ) as r
        cross join lateral (select case when r.never_moved then r.created_at
          else r.created_at + r.moved_draw * (now() - r.created_at) end as at) as moved
        join bench_brand b on b.n = r.brand_n
        join bench_item v on v.kind = 'vertical' and v.n = r.vertical_n
        join bench_item q on q.kind = 'quota' and q.n = r.quota_n
        join bench_item p on p.kind = 'platform' and p.n = r.platform_n
        left join bench_item e on e.kind = 'executive' and e.n = r.executive_n`,
    },
    {
      label: 'lead franchises (0–4 per lead)',
      // A random start and a stride coprime with small counts give distinct franchises per lead;
      // ON CONFLICT covers the rare repeat when the franchise count shares the stride's factor.
      sql: `insert into lead_franchises (lead_id, franchise_id)
        select l.id, f.id
        from (select id, floor(random() * 5)::int as k, floor(random() * 1000)::int as start from leads) as l
        cross join lateral generate_series(0, l.k - 1) as j
        join bench_item f on f.kind = 'franchise'
          and f.n = (l.start + j * 7) % (select count(*) from bench_item where kind = 'franchise')
        on conflict do nothing`,
    },
    {
      label: 'history (~3.2 entries per lead: creation, moves)',
      // A lead created in its status and never moved has one entry, at its creation; the others
      // were created cold ('frio', or 'morno' for one back in 'frio' now) and moved through the
      // pipeline's early columns, one entry per move at even steps between the creation and
      // status_changed_at, the last one into their current status (a lost deal's with the reason
      // the lead keeps, seven times in ten). ~3.2 entries per lead.
      sql: `insert into lead_status_changes (lead_id, from_status, to_status, user_id, reason, created_at)
        with chain as (
          select l.id, l.created_at, l.status_changed_at, l.contract_status, l.lost_reason,
            coalesce(l.executive_id, (select id from users where 'admin' = any(roles) order by created_at limit 1)) as by,
            m, s.i,
            case when m = 0 or s.i = m then l.contract_status
              when s.i = 0 then first
              -- Never the first status nor the current one, so no two entries in a row repeat one.
              else (array_remove(array_remove(array['morno', 'quente', 'fechado', 'no_juridico'],
                l.contract_status), first))[s.i] end as status
          from leads l
            cross join lateral (select case when l.status_changed_at = l.created_at then 0
              else 1 + floor(random() * 4)::int end as m,
              case when l.contract_status = 'frio' then 'morno' else 'frio' end as first) as moves
            cross join lateral generate_series(0, moves.m) as s(i)
        ), entries as (
          select *, lag(status) over (partition by id order by i) as previous from chain
        )
        select id, previous, status, by,
          case when i > 0 and i = m then lost_reason end,
          case when i = 0 then created_at when i = m then status_changed_at
            else created_at + (status_changed_at - created_at) * i / m end
        from entries`,
    },
  ];
}

const TABLES = [
  'users',
  'brands',
  'contacts',
  'leads',
  'lead_franchises',
  'lead_status_changes',
  'pipeline_report_days',
  'pipeline_report_reason_days',
];

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/**
 * Writes the pipeline in one transaction, as a backfill (a failed run leaves nothing behind), then
 * VACUUM ANALYZE so the planner and the visibility map see the new rows, as they would in
 * production. `log` receives a line per step with its time, the recounts' among them.
 */
export async function generateLeads(
  client: SqlRunner,
  size: GeneratorSize,
  log: (line: string) => void = console.log,
): Promise<void> {
  const started = performance.now();
  await client.query('begin');
  try {
    // The same data on every run of the same size.
    await client.query('select setseed(0.2026)');
    await backfillInTransaction(
      client,
      async (tx) => {
        for (const step of steps(size)) {
          const stepStarted = performance.now();
          await tx.query(step.sql);
          log(`  ${step.label.padEnd(46)} ${seconds(stepStarted).padStart(8)}`);
        }
      },
      { log },
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
  const vacuumStarted = performance.now();
  for (const table of TABLES) await client.query(`vacuum analyze ${table}`);
  log(`  ${'vacuum analyze'.padEnd(46)} ${seconds(vacuumStarted).padStart(8)}`);
  log(`  ${'total'.padEnd(46)} ${seconds(started).padStart(8)}`);
}
