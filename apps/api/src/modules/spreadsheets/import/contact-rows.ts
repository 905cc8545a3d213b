import { randomUUID } from 'node:crypto';
import { contactCreateSchema } from '@funil/shared';
import type { Database } from '../../../db/client';
import { resolveRowBrands } from './brand-lookup';
import { parseContactFlag, parseRecordStatus } from './cell-values';
import {
  cellOf,
  type KindImporter,
  type PlanContext,
  type PlannedRow,
  type ReadRow,
  type RowIssue,
  schemaIssues,
  skipped,
  textOf,
  type WriteContext,
} from './import-rows';
import {
  type ContactRecord,
  contactsOfBrands,
  demoteContacts,
  insertContacts,
  lockBrands,
  updateContacts,
} from './principal-contacts';

/**
 * Contacts (our extension, so that export → import restores every contact). The brand by CNPJ or
 * name, as leads; duplicate key: the brand and the email (lower case). A principal row demotes
 * the brand's principal, as POST /api/contacts does; of several principal rows for one brand the
 * last one wins (as if the rows were sent one by one) and the earlier ones are written secundario.
 */

export type ContactWrite = { isNew: boolean; record: ContactRecord };

const contactSchema = contactCreateSchema.omit({ brand_id: true });

const CONTACT_FIELDS = [
  'position',
  'first_name',
  'last_name',
  'email',
  'phone_number',
  'flag',
  'status',
] as const;

function validateRow(row: ReadRow, brand: { brand: { id: string } } | { issue: RowIssue } | undefined) {
  const issues: RowIssue[] = [...row.issues];
  if (brand && 'issue' in brand) issues.push(brand.issue);
  const input: Record<string, unknown> = {};
  for (const field of CONTACT_FIELDS) input[field] = textOf(row, field);
  const flag = parseContactFlag(cellOf(row, 'flag'));
  if (flag === null) issues.push({ field: 'flag', key: 'validation:spreadsheet.flag_invalid' });
  input.flag = flag ?? undefined;
  const status = parseRecordStatus(cellOf(row, 'status'));
  if (status === null) issues.push({ field: 'status', key: 'validation:spreadsheet.status_invalid' });
  input.status = status ?? undefined;
  const parsed = contactSchema.safeParse(input);
  if (!parsed.success) issues.push(...schemaIssues(parsed.error, (path) => path || null, issues));
  const brandId = brand && 'brand' in brand ? brand.brand.id : undefined;
  return { issues, contact: parsed.success && brandId ? { ...parsed.data, brand_id: brandId } : null };
}

async function plan(
  db: Database,
  rows: ReadRow[],
  context: PlanContext,
): Promise<PlannedRow<ContactWrite>[]> {
  const brandsOfRows = await resolveRowBrands(db, rows);
  const validated = rows.map((row) => ({ row, ...validateRow(row, brandsOfRows.get(row)) }));
  const brandIds = validated.flatMap(({ contact }) => (contact ? [contact.brand_id] : []));
  const existing = new Map<string, string>();
  // Oldest first: of two contacts with one email, the older is the one updated.
  for (const contact of brandIds.length > 0 ? await contactsOfBrands(db, brandIds) : []) {
    const key = `${contact.brandId}|${contact.email.toLowerCase()}`;
    if (!existing.has(key)) existing.set(key, contact.id);
  }
  const seen = new Set<string>();
  return validated.map(({ row, issues, contact }): PlannedRow<ContactWrite> => {
    if (issues.length > 0 || !contact) return skipped(row, issues);
    const key = `${contact.brand_id}|${contact.email}`;
    if (seen.has(key))
      return skipped(row, [{ field: 'email', key: 'validation:spreadsheet.contact_repeated' }]);
    seen.add(key);
    const found = existing.get(key);
    if (found === undefined)
      return {
        line: row.line,
        values: row.values,
        issues,
        action: 'create',
        write: { isNew: true, record: { ...contact, id: randomUUID() } },
      };
    if (context.onDuplicate === 'skip')
      return skipped(row, [{ field: 'email', key: 'validation:spreadsheet.contact_taken' }]);
    return {
      line: row.line,
      values: row.values,
      issues,
      action: 'update',
      write: { isNew: false, record: { ...contact, id: found } },
    };
  });
}

/** The contacts table's column of each updatable field. */
const COLUMN: Record<(typeof CONTACT_FIELDS)[number], string> = {
  position: 'position',
  first_name: 'first_name',
  last_name: 'last_name',
  email: 'email',
  phone_number: 'phone_number',
  flag: 'flag',
  status: 'status',
};

async function write(tx: Database, rows: ContactWrite[], { mappedFields }: WriteContext) {
  if (rows.length === 0) return;
  const brandIds = rows.map((row) => row.record.brand_id);
  await lockBrands(tx, brandIds);
  // The last principal row of each brand wins; the earlier ones are written secundario.
  const winner = new Map<string, ContactRecord>();
  for (const { record } of rows) if (record.flag === 'principal') winner.set(record.brand_id, record);
  const records = rows.map((row) => ({
    ...row,
    record: {
      ...row.record,
      flag:
        row.record.flag === 'principal' && winner.get(row.record.brand_id) !== row.record
          ? ('secundario' as const)
          : row.record.flag,
    },
  }));
  // Every other principal of a brand that gets one is demoted first, in its own statement.
  const keep = new Set([...winner.values()].map((record) => record.id));
  const current = await contactsOfBrands(tx, [...winner.keys()]);
  await demoteContacts(
    tx,
    current
      .filter((contact) => contact.flag === 'principal' && !keep.has(contact.id))
      .map((contact) => contact.id),
  );
  const fields = CONTACT_FIELDS.filter((field) => mappedFields.has(field)).map((field) => COLUMN[field]);
  await updateContacts(
    tx,
    records.filter((row) => !row.isNew).map((row) => row.record),
    fields,
  );
  await insertContacts(
    tx,
    records.filter((row) => row.isNew).map((row) => row.record),
  );
}

export const contactImporter: KindImporter<ContactWrite> = { plan, write };
