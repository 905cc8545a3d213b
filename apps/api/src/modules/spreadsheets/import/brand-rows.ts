import { randomUUID } from 'node:crypto';
import { type BrandCreate, brandCreateSchema, contactCreateSchema, type ContactCreate } from '@funil/shared';
import { asc, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { isAnyOfJson } from '../../../db/any-of-json';
import { brands } from '../../../db/schema';
import { cnpjText, type FoundBrand, pickByName } from './brand-lookup';
import { parseRecordStatus } from './cell-values';
import {
  chunks,
  type KindImporter,
  type PlannedRow,
  type ReadRow,
  type RowIssue,
  type WriteContext,
  schemaIssues,
  skipped,
  textOf,
  cellOf,
} from './import-rows';
import { lockBrands, type PrincipalContact, writePrincipalContacts } from './principal-contacts';

/**
 * Brands with their principal contact. Duplicate key: the CNPJ, normalised. A CNPJ met again
 * later in the file skips that row (cnpj_repeated); one already in Funil skips it (cnpj_taken)
 * or, with on_duplicate=update, fills that brand from the row.
 */

const BRAND_FIELDS = [
  'name',
  'company_name',
  'cnpj',
  'area_of_activity',
  'segmentation',
  'responsible',
  'description',
  'status',
] as const;
type BrandField = (typeof BRAND_FIELDS)[number];

/** The contact's import field for each contact schema field. */
const CONTACT_FIELDS = {
  first_name: 'contact_first_name',
  last_name: 'contact_last_name',
  position: 'contact_position',
  email: 'contact_email',
  phone_number: 'contact_phone',
} as const;

const principalContactSchema = contactCreateSchema.omit({ brand_id: true });

export type BrandWrite = {
  /** The brand to fill (an update) or the new brand's id (a create). */
  id: string;
  isNew: boolean;
  brand: BrandCreate;
  contact: Omit<ContactCreate, 'brand_id'> | null;
};

/** A row's brand and contact, validated by the API's own schemas. */
function validateRow(row: ReadRow) {
  const issues: RowIssue[] = [...row.issues];
  const input: Record<string, unknown> = {};
  for (const field of BRAND_FIELDS) input[field] = textOf(row, field);
  input.cnpj = cnpjText(row, 'cnpj') || undefined;
  const status = parseRecordStatus(cellOf(row, 'status'));
  if (status === null) issues.push({ field: 'status', key: 'validation:spreadsheet.status_invalid' });
  input.status = status ?? undefined;
  const brand = brandCreateSchema.safeParse(input);
  if (!brand.success) issues.push(...schemaIssues(brand.error, (path) => path || null, issues));

  const hasContact = Object.values(CONTACT_FIELDS).some((field) => cellOf(row, field).text !== '');
  let contact: BrandWrite['contact'] = null;
  if (hasContact) {
    const contactInput: Record<string, unknown> = { flag: 'principal', status: 'active' };
    for (const [schemaField, importField] of Object.entries(CONTACT_FIELDS))
      contactInput[schemaField] = textOf(row, importField);
    const parsed = principalContactSchema.safeParse(contactInput);
    if (parsed.success) contact = parsed.data;
    else
      issues.push(
        ...schemaIssues(
          parsed.error,
          (path) => CONTACT_FIELDS[path as keyof typeof CONTACT_FIELDS] ?? null,
          issues,
        ),
      );
  }
  return { issues, brand: brand.success ? brand.data : null, contact };
}

async function plan(
  db: Database,
  rows: ReadRow[],
  context: Parameters<KindImporter<BrandWrite>['plan']>[2],
): Promise<PlannedRow<BrandWrite>[]> {
  const validated = rows.map((row) => ({ row, ...validateRow(row) }));
  const cnpjs = [...new Set(validated.flatMap(({ brand }) => (brand ? [brand.cnpj] : [])))];
  const existing = new Map<string, FoundBrand[]>();
  if (cnpjs.length > 0) {
    const found = await db
      .select({ id: brands.id, name: brands.name, cnpj: brands.cnpj })
      .from(brands)
      .where(isAnyOfJson(brands.cnpj, sql`${JSON.stringify(cnpjs)}`))
      .orderBy(asc(brands.createdAt), asc(brands.id));
    for (const brand of found) existing.set(brand.cnpj, [...(existing.get(brand.cnpj) ?? []), brand]);
  }

  const seen = new Set<string>();
  return validated.map(({ row, issues, brand, contact }): PlannedRow<BrandWrite> => {
    if (issues.length > 0 || !brand) return skipped(row, issues);
    // The first valid row with a CNPJ claims it: later rows with it are repeats.
    if (seen.has(brand.cnpj)) {
      return skipped(row, [{ field: 'cnpj', key: 'validation:spreadsheet.cnpj_repeated' }]);
    }
    seen.add(brand.cnpj);
    const candidates = existing.get(brand.cnpj) ?? [];
    if (candidates.length === 0) {
      return {
        line: row.line,
        values: row.values,
        issues,
        action: 'create',
        write: { id: randomUUID(), isNew: true, brand, contact },
      };
    }
    if (context.onDuplicate === 'skip') {
      return skipped(row, [{ field: 'cnpj', key: 'validation:spreadsheet.cnpj_taken' }]);
    }
    // Several brands may share the CNPJ: the one with the row's name (case and accents aside),
    // else the oldest.
    const target = pickByName(candidates, brand.name) as FoundBrand;
    return {
      line: row.line,
      values: row.values,
      issues,
      action: 'update',
      write: { id: target.id, isNew: false, brand, contact },
    };
  });
}

/** The brands table's column of each field (SQL names). */
const COLUMN: Record<BrandField, string> = {
  name: 'name',
  company_name: 'company_name',
  cnpj: 'cnpj',
  area_of_activity: 'area_of_activity',
  segmentation: 'segmentation',
  responsible: 'responsible',
  description: 'description',
  status: 'status',
};

const BATCH = 2_000;

const recordOf = (write: BrandWrite) => ({ id: write.id, ...write.brand });

/**
 * Inserts the new brands and fills the existing ones, each statement a batch read from one JSON
 * parameter (jsonb_to_recordset): the search columns are generated by PostgreSQL, and the outbox
 * triggers (statement-level) write one event per brand, naming the transaction's user. An update
 * writes only the fields the file has a column for.
 */
async function write(tx: Database, rows: BrandWrite[], { mappedFields }: WriteContext) {
  const created = rows.filter((row) => row.isNew);
  for (const batch of chunks(created, BATCH)) {
    await tx.execute(sql`
      insert into ${brands} (id, name, company_name, cnpj, area_of_activity, segmentation, responsible, description, status)
      select r.id, r.name, r.company_name, r.cnpj, r.area_of_activity, r.segmentation, r.responsible, r.description, r.status
      from jsonb_to_recordset(${JSON.stringify(batch.map(recordOf))}::jsonb) as r(
        id uuid, name text, company_name text, cnpj text, area_of_activity text, segmentation text,
        responsible text, description text, status text)`);
  }

  const updated = rows.filter((row) => !row.isNew);
  const fields = BRAND_FIELDS.filter((field) => mappedFields.has(field));
  if (updated.length > 0) {
    await lockBrands(
      tx,
      updated.map((row) => row.id),
    );
    for (const batch of chunks(updated, BATCH)) {
      const assignments = sql.join(
        [
          ...fields.map((field) => sql.raw(`${COLUMN[field]} = r.${COLUMN[field]}`)),
          sql.raw('updated_at = now()'),
        ],
        sql`, `,
      );
      await tx.execute(sql`
        update ${brands} set ${assignments}
        from jsonb_to_recordset(${JSON.stringify(batch.map(recordOf))}::jsonb) as r(
          id uuid, name text, company_name text, cnpj text, area_of_activity text, segmentation text,
          responsible text, description text, status text)
        where ${brands.id} = r.id`);
    }
  }

  const contacts: PrincipalContact[] = rows.flatMap((row) =>
    row.contact ? [{ brandId: row.id, brandIsNew: row.isNew, ...row.contact }] : [],
  );
  await writePrincipalContacts(tx, contacts);
}

export const brandImporter: KindImporter<BrandWrite> = { plan, write };
