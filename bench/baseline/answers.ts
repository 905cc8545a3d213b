// The baseline's JSON answers, built from the rows of Funil's own statements (array rows, in the
// statements' column order) into the same keys in the same order as Funil's answers.
import {
  CONTRACT_STATUSES,
  type ContractStatus,
  defaultStatusSetting,
  type StatusSettings,
  type StatusTotalsRow,
  splitByStaleness,
  toPipelineTotals,
} from '@funil/shared';

export type Row = unknown[];

const text = (value: unknown) => value as string;
const nullable = (value: unknown) => (value === null ? null : (value as string));
/** timestamptz arrives as PostgreSQL's text (as drizzle asks for it) and leaves as ISO 8601. */
const iso = (value: unknown) => new Date(value as string).toISOString();

const item = (row: Row, at: number) => ({
  id: text(row[at]),
  _id: text(row[at]),
  name: text(row[at + 1]),
  label: text(row[at + 2]),
});

/**
 * A lead from the embedding statement's row: the lead shape's columns (lead-select.ts), each
 * selected once, in the order the shape reads them, then the cursor's exact created_at.
 */
export function leadOf(row: Row) {
  return {
    id: text(row[0]),
    _id: text(row[0]),
    brand_id: {
      id: text(row[1]),
      _id: text(row[1]),
      name: text(row[2]),
      company_name: text(row[3]),
      cnpj: nullable(row[4]),
      area_of_activity: nullable(row[5]),
      segmentation: nullable(row[6]),
    },
    assessment: nullable(row[7]),
    vertical: item(row, 8),
    quota: item(row, 11),
    platform: item(row, 14),
    prospectus_year: row[17] as number,
    contract_status: text(row[18]),
    status_changed_at: text(row[19]),
    stale: row[20] as boolean,
    executive:
      row[21] === null
        ? null
        : { id: text(row[21]), _id: text(row[21]), name: text(row[22]), email: text(row[23]) },
    franchises: row[24] as string[],
    credit: Number(row[25]),
    invest: Number(row[26]),
    exchange: row[27] as boolean,
    rouanet_law: row[28] as boolean,
    open_tasks: row[29] as number,
    next_task_due_at: nullable(row[30]),
    // The offerings it takes, as the database's json_agg (parsed by the driver).
    stock: row[31] as unknown[],
    // Written by the database as the answer's ISO text.
    createdAt: text(row[32]),
    updatedAt: text(row[33]),
  };
}

/** A page of leads (`limit + 1` rows asked: the extra one says whether a next page exists). */
export function leadPageOf(totalRows: Row[], pageRows: Row[], limit: number) {
  const page = pageRows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map(leadOf),
    total: Number(totalRows[0]?.[0] ?? 0),
    page: 1,
    limit,
    next_cursor:
      pageRows.length > limit && last
        ? Buffer.from(JSON.stringify([last[34], last[0]])).toString('base64url')
        : null,
  };
}

const statusRows = (rows: Row[]): StatusTotalsRow[] =>
  rows.map(([status, count, credit, invest]) => ({
    contractStatus: status as ContractStatus,
    count: Number(count),
    credit: String(credit),
    invest: String(invest),
  }));

/**
 * The 8 columns' totals (no `stale` filter) from the pipeline's settings (status, probability,
 * stale_after_days), the running totals' GROUP BY and the fresh leads' GROUP BY (status, count,
 * credit, invest), with the API's own arithmetic.
 */
export function summaryOf(settingsRows: Row[], runningRows: Row[], freshRows: Row[]) {
  const stored = new Map(
    settingsRows.map(([status, probability, staleAfterDays]) => [
      status as ContractStatus,
      { probability: probability as number, staleAfterDays: staleAfterDays as number | null },
    ]),
  );
  const settings = Object.fromEntries(
    CONTRACT_STATUSES.map((status) => [status, stored.get(status) ?? defaultStatusSetting(status)]),
  ) as StatusSettings;
  const rows = splitByStaleness(statusRows(runningRows), statusRows(freshRows), settings, undefined);
  return { columns: toPipelineTotals(rows, settings) };
}

/** A brand from the brand shape's columns (brands.service.ts), in the order the shape reads them. */
function brandOf(row: Row) {
  const id = text(row[0]);
  const imageHash = nullable(row[9]);
  return {
    id,
    _id: id,
    name: text(row[1]),
    company_name: nullable(row[2]),
    cnpj: nullable(row[3]),
    area_of_activity: nullable(row[4]),
    segmentation: nullable(row[5]),
    responsible: nullable(row[6]),
    description: nullable(row[7]),
    status: text(row[8]),
    image_url: imageHash ? `/api/brands/${id}/image?v=${imageHash}` : null,
    principal_contact:
      row[10] === null
        ? null
        : {
            name: `${text(row[11])} ${nullable(row[12]) ?? ''}`.trim(),
            email: nullable(row[13]) ?? '',
            phone_number: nullable(row[14]) ?? '',
          },
    open_tasks: row[15] as number,
    next_task_due_at: nullable(row[16]),
    createdAt: text(row[17]),
    updatedAt: text(row[18]),
  };
}

export function brandPageOf(totalRows: Row[], pageRows: Row[], limit: number) {
  return { data: pageRows.map(brandOf), total: Number(totalRows[0]?.[0] ?? 0), page: 1, limit };
}

/**
 * The signed-in user (users.* as userRecordColumns selects them: id, email, name, roles,
 * is_active, avatar_url, language, created_at, updated_at).
 */
export function userOf(row: Row) {
  return {
    id: text(row[0]),
    _id: text(row[0]),
    name: text(row[2]),
    full_name: text(row[2]),
    email: text(row[1]),
    avatar_url: nullable(row[5]),
    roles: row[3] as string[],
    isActive: row[4] as boolean,
    createdAt: iso(row[7]),
    updatedAt: iso(row[8]),
  };
}
