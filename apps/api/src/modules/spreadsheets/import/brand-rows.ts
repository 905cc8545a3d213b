import { randomUUID } from 'node:crypto';
import {
  BRAND_COLUMNS,
  type BrandCreate,
  brandCreateSchema,
  type BrandUpdate,
  brandUpdateSchema,
  contactCreateSchema,
} from '@funil/shared';
import { asc, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { isAnyOfJson } from '../../../db/any-of-json';
import { brands } from '../../../db/schema';
import { brandIdentity, cnpjText } from './brand-lookup';
import { parseRecordStatus } from './cell-values';
import {
  cellOf,
  chunks,
  isFilled,
  type KindImporter,
  type PlanContext,
  type PlannedRow,
  type ReadRow,
  type RowIssue,
  schemaIssues,
  skipped,
  textOf,
} from './import-rows';
import {
  contactsOfBrands,
  groupByBrand,
  lockBrands,
  type PrincipalContact,
  principalChange,
  type StoredContact,
  writePrincipalContacts,
} from './principal-contacts';

/**
 * Brands with their principal contact. A brand is who its CNPJ and its name say (case and accents
 * aside): one company may own several brands, so a CNPJ already in Funil with another name is a
 * new brand, never a rename. The same brand met again later in the file skips that row
 * (cnpj_repeated); one already in Funil skips it (cnpj_taken) or, with on_duplicate=update, is
 * filled from the row's filled cells that differ (none: the row is unchanged, nothing written; an
 * empty cell is a hole in the sheet, never a value to clear).
 * A row whose principal contact is incomplete or invalid still writes its brand, without the
 * contact; a row whose brand is invalid writes nothing.
 */

/**
 * The fields an update may change. Not the CNPJ and the name: they say who the brand is, and a
 * name that differs only in case or accents (CAFE BRASIL for Café Brasil, as registries write it)
 * is the same name, kept as Funil spells it.
 */
const CHANGE_FIELDS = [
  'company_name',
  'area_of_activity',
  'segmentation',
  'responsible',
  'description',
  'status',
] as const;
type ChangeField = (typeof CHANGE_FIELDS)[number];

/** The contact's import field for each contact schema field. */
const CONTACT_FIELDS = {
  first_name: 'contact_first_name',
  last_name: 'contact_last_name',
  position: 'contact_position',
  email: 'contact_email',
  phone_number: 'contact_phone',
} as const;

/** Every import field of the principal contact: a full name column, or its parts. */
const CONTACT_IMPORT_FIELDS: readonly string[] = ['contact_name', ...Object.values(CONTACT_FIELDS)];

const principalContactSchema = contactCreateSchema.omit({ brand_id: true, flag: true, status: true });
type RowContact = Omit<PrincipalContact, 'brandId' | 'brandIsNew'>;

type BrandChanges = Partial<Pick<BrandCreate, ChangeField>>;

export type BrandWrite =
  | { id: string; isNew: true; brand: BrandCreate; contact: RowContact | null }
  /** An existing brand: the fields that differ (none when only its contact does). */
  | { id: string; isNew: false; changes: BrandChanges; contact: RowContact | null };

/**
 * A full name as first name (its first word) and last name (the rest, spaces collapsed; undefined
 * for a single word, which the contact schema then reports as a missing last name).
 */
function splitFullName(fullName: string | undefined) {
  const [first, ...rest] = (fullName ?? '').split(/\s+/).filter(Boolean);
  return { first, last: rest.length > 0 ? rest.join(' ') : undefined };
}

/**
 * The row's principal contact (null when the row has no contact cell at all), or its issues. The
 * first and last name come from their own columns, else from the full name column (its issues
 * then named on that column).
 */
function validateContact(row: ReadRow, readIssues: readonly RowIssue[]) {
  const hasContact = CONTACT_IMPORT_FIELDS.some((field) => isFilled(row, field));
  if (!hasContact) return { contact: null, issues: [...readIssues] };
  const fullName = splitFullName(textOf(row, 'contact_name'));
  const input: Record<string, unknown> = {};
  for (const [schemaField, importField] of Object.entries(CONTACT_FIELDS))
    input[schemaField] = textOf(row, importField);
  const fieldOf: Record<string, string> = { ...CONTACT_FIELDS };
  if (input.first_name === undefined && !isFilled(row, 'contact_last_name') && textOf(row, 'contact_name')) {
    input.first_name = fullName.first;
    input.last_name = fullName.last;
    fieldOf.first_name = 'contact_name';
    fieldOf.last_name = 'contact_name';
  }
  const issues = [...readIssues];
  const parsed = principalContactSchema.safeParse(input);
  if (!parsed.success) {
    issues.push(...schemaIssues(parsed.error, (path) => fieldOf[path] ?? null, issues));
    return { contact: null, issues };
  }
  return { contact: issues.length > 0 ? null : parsed.data, issues };
}

/** A row's brand and contact, validated by the API's own schemas, each with its own issues. */
function validateRow(row: ReadRow) {
  const isContactIssue = (issue: RowIssue) =>
    issue.field !== null && CONTACT_IMPORT_FIELDS.includes(issue.field);
  const brandIssues = row.issues.filter((issue) => !isContactIssue(issue));
  const input: Record<string, unknown> = {};
  for (const field of BRAND_COLUMNS) input[field] = textOf(row, field);
  input.cnpj = cnpjText(row, 'cnpj') || undefined;
  const status = parseRecordStatus(cellOf(row, 'status'));
  if (status === null) brandIssues.push({ field: 'status', key: 'validation:spreadsheet.status_invalid' });
  input.status = status ?? undefined;
  const readable = brandIssues.length === 0;
  const brand = brandCreateSchema.safeParse(input);
  if (!brand.success) brandIssues.push(...schemaIssues(brand.error, (path) => path || null, brandIssues));
  // What the row says of a brand Funil holds: its filled cells alone, valid, with the name and
  // CNPJ that say which brand (a required field left empty is a hole there, not an error).
  const fill = brandUpdateSchema.safeParse(
    Object.fromEntries(Object.entries(input).filter(([field]) => isFilled(row, field))),
  );
  const contact = validateContact(row, row.issues.filter(isContactIssue));
  return {
    brandIssues,
    contactIssues: contact.issues,
    brand: brand.success && brandIssues.length === 0 ? brand.data : null,
    fill:
      readable && fill.success && fill.data.name && fill.data.cnpj
        ? { ...fill.data, name: fill.data.name, cnpj: fill.data.cnpj }
        : null,
    contact: contact.contact,
  };
}

type StoredBrand = Pick<BrandCreate, ChangeField | 'name' | 'cnpj'> & { id: string };

/** The stored brands of these CNPJs, oldest first. */
async function brandsOfCnpjs(db: Database, cnpjs: readonly string[]): Promise<StoredBrand[]> {
  const found: StoredBrand[] = [];
  for (const batch of chunks(cnpjs, 5_000)) {
    found.push(
      ...(await db
        .select({
          id: brands.id,
          cnpj: brands.cnpj,
          name: brands.name,
          company_name: brands.companyName,
          area_of_activity: brands.areaOfActivity,
          segmentation: brands.segmentation,
          responsible: brands.responsible,
          description: brands.description,
          status: brands.status,
        })
        .from(brands)
        .where(isAnyOfJson(brands.cnpj, sql`${JSON.stringify(batch)}`))
        .orderBy(asc(brands.createdAt), asc(brands.id))),
    );
  }
  return found;
}

/** The row's filled brand fields whose value differs from the stored brand's. */
function brandChanges(row: ReadRow, stored: StoredBrand, brand: BrandUpdate): BrandChanges {
  const changes: BrandChanges = {};
  for (const field of CHANGE_FIELDS) {
    if (!isFilled(row, field) || brand[field] === stored[field]) continue;
    Object.assign(changes, { [field]: brand[field] });
  }
  return changes;
}

async function plan(db: Database, rows: ReadRow[], context: PlanContext): Promise<PlannedRow<BrandWrite>[]> {
  const validated = rows.map((row) => ({ row, ...validateRow(row) }));
  const cnpjs = [...new Set(validated.flatMap(({ fill }) => (fill ? [fill.cnpj] : [])))];
  // Of two stored brands with one CNPJ and one name, the oldest is the one a row fills.
  const existing = new Map<string, StoredBrand>();
  for (const brand of cnpjs.length > 0 ? await brandsOfCnpjs(db, cnpjs) : []) {
    const identity = brandIdentity(brand.cnpj, brand.name);
    if (!existing.has(identity)) existing.set(identity, brand);
  }
  // The stored contacts of the brands rows may fill, to compare their principal contact.
  const filledIds = validated.flatMap(({ fill, contact }) => {
    const stored = fill && contact ? existing.get(brandIdentity(fill.cnpj, fill.name)) : undefined;
    return stored && context.onDuplicate === 'update' ? [stored.id] : [];
  });
  const contactsByBrand: Map<string, StoredContact[]> =
    filledIds.length > 0 ? groupByBrand(await contactsOfBrands(db, filledIds)) : new Map();

  const seen = new Set<string>();
  return validated.map(
    ({ row, brandIssues, contactIssues, brand, fill, contact }): PlannedRow<BrandWrite> => {
      if (!fill) return skipped(row, [...brandIssues, ...contactIssues]);
      const identity = brandIdentity(fill.cnpj, fill.name);
      const stored = existing.get(identity);
      // A row that is not a whole brand may only fill one Funil holds.
      if (!brand && !stored) return skipped(row, [...brandIssues, ...contactIssues]);
      // The first row naming a brand claims it: later rows naming it again are repeats.
      if (seen.has(identity))
        return skipped(row, [
          { field: 'cnpj', key: 'validation:spreadsheet.cnpj_repeated' },
          ...contactIssues,
        ]);
      seen.add(identity);
      const planned = (
        action: PlannedRow<BrandWrite>['action'],
        write?: BrandWrite,
      ): PlannedRow<BrandWrite> => ({
        line: row.line,
        values: row.values,
        issues: contactIssues,
        action,
        ...(write ? { write } : {}),
      });
      if (!stored)
        return brand
          ? planned('create', { id: randomUUID(), isNew: true, brand, contact })
          : skipped(row, brandIssues);
      if (context.onDuplicate === 'skip')
        return skipped(row, [{ field: 'cnpj', key: 'validation:spreadsheet.cnpj_taken' }, ...contactIssues]);
      const changes = brandChanges(row, stored, fill);
      const contactChanges = contact
        ? principalChange(
            { ...contact, brandId: stored.id, brandIsNew: false },
            contactsByBrand.get(stored.id) ?? [],
          )
        : { kind: 'none' as const };
      if (Object.keys(changes).length === 0 && contactChanges.kind === 'none') return planned('unchanged');
      return planned('update', { id: stored.id, isNew: false, changes, contact });
    },
  );
}

const RECORD_COLUMNS = sql.raw(`id uuid, name text, company_name text, cnpj text, area_of_activity text,
  segmentation text, responsible text, description text, status text`);
const CHANGE_COLUMNS = sql.raw(`id uuid, ${CHANGE_FIELDS.map((field) => `${field} text`).join(', ')}`);

const BATCH = 2_000;

// An update's field takes the row's value, or keeps the brand's own when the row has none (null).
const ASSIGNMENTS = sql.raw(
  CHANGE_FIELDS.map((field) => `${field} = coalesce(r.${field}, brands.${field})`).join(', '),
);
// Only a brand whose fields would really change is written (no updated_at, no event otherwise),
// even if it changed between the plan and this statement.
const DIFFERS = sql.raw(
  `(${CHANGE_FIELDS.map((field) => `brands.${field}`).join(', ')}) is distinct from (${CHANGE_FIELDS.map(
    (field) => `coalesce(r.${field}, brands.${field})`,
  ).join(', ')})`,
);

/**
 * Inserts the new brands and fills the existing ones, each statement a batch read from one JSON
 * parameter (jsonb_to_recordset): the search columns are generated by PostgreSQL, and the outbox
 * triggers (statement-level) write one event per brand a statement really writes, naming the
 * transaction's user. Then each row's principal contact, from what its brand holds once locked.
 */
async function write(tx: Database, rows: BrandWrite[]) {
  const created = rows.flatMap((row) => (row.isNew ? [{ id: row.id, ...row.brand }] : []));
  for (const batch of chunks(created, BATCH)) {
    await tx.execute(sql`
      insert into ${brands} (id, name, company_name, cnpj, area_of_activity, segmentation, responsible, description, status)
      select r.id, r.name, r.company_name, r.cnpj, r.area_of_activity, r.segmentation, r.responsible, r.description, r.status
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(${RECORD_COLUMNS})`);
  }

  const existing = rows.filter((row) => !row.isNew);
  await lockBrands(
    tx,
    existing.map((row) => row.id),
  );
  const changed = existing.flatMap((row) =>
    !row.isNew && Object.keys(row.changes).length > 0 ? [{ id: row.id, ...row.changes }] : [],
  );
  for (const batch of chunks(changed, BATCH)) {
    await tx.execute(sql`
      update ${brands} set ${ASSIGNMENTS}, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(${CHANGE_COLUMNS})
      where ${brands.id} = r.id and ${DIFFERS}`);
  }

  await writePrincipalContacts(
    tx,
    rows.flatMap((row) => (row.contact ? [{ ...row.contact, brandId: row.id, brandIsNew: row.isNew }] : [])),
  );
}

/** A brand row's name: its brand's name cell. */
const nameOf = (row: ReadRow): string | null => textOf(row, 'name') ?? null;

export const brandImporter: KindImporter<BrandWrite> = { plan, write, nameOf };
