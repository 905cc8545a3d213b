// The baseline's JSON answers, built from the rows of Funil's own statements (array rows, in the
// statements' column order) into the same keys in the same order as Funil's answers.
import { CONTRACT_STATUSES } from '@funil/shared';

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

/** A lead from the embedding statement's row (lead-select.ts: page columns, then relations). */
export function leadOf(row: Row) {
  return {
    id: text(row[0]),
    _id: text(row[0]),
    brand_id: {
      id: text(row[11]),
      _id: text(row[11]),
      name: text(row[12]),
      company_name: text(row[13]),
      cnpj: nullable(row[14]),
      area_of_activity: nullable(row[15]),
      segmentation: nullable(row[16]),
    },
    assessment: nullable(row[1]),
    vertical: item(row, 17),
    quota: item(row, 20),
    platform: item(row, 23),
    prospectus_year: row[2] as number,
    contract_status: text(row[3]),
    executive:
      row[26] === null
        ? null
        : { id: text(row[26]), _id: text(row[26]), name: text(row[27]), email: text(row[28]) },
    franchises: row[29] as string[],
    credit: Number(row[4]),
    invest: Number(row[5]),
    exchange: row[6] as boolean,
    rouanet_law: row[7] as boolean,
    createdAt: iso(row[8]),
    updatedAt: iso(row[9]),
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
        ? Buffer.from(JSON.stringify([last[10], last[0]])).toString('base64url')
        : null,
  };
}

/** The 8 columns' totals from the GROUP BY rows (status, count, credit, invest). */
export function summaryOf(rows: Row[]) {
  const byStatus = new Map(rows.map((row) => [row[0] as string, row]));
  return {
    columns: CONTRACT_STATUSES.map((status) => {
      const row = byStatus.get(status);
      return {
        contract_status: status,
        count: row ? Number(row[1]) : 0,
        credit: row ? Number(row[2]) : 0,
        invest: row ? Number(row[3]) : 0,
      };
    }),
  };
}

/** A brand from `brands.*` (13 columns in schema order) and its principal contact's 4. */
function brandOf(row: Row) {
  const id = text(row[0]);
  const imageHash = nullable(row[10]);
  const firstName = nullable(row[13]);
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
      firstName === null
        ? null
        : {
            name: `${firstName} ${nullable(row[14]) ?? ''}`.trim(),
            email: nullable(row[15]) ?? '',
            phone_number: nullable(row[16]) ?? '',
          },
    createdAt: iso(row[11]),
    updatedAt: iso(row[12]),
  };
}

export function brandPageOf(totalRows: Row[], pageRows: Row[], limit: number) {
  return { data: pageRows.map(brandOf), total: Number(totalRows[0]?.[0] ?? 0), page: 1, limit };
}

/** The signed-in user (users.* as userRecordColumns selects them: id … updated_at). */
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
    createdAt: iso(row[6]),
    updatedAt: iso(row[7]),
  };
}
