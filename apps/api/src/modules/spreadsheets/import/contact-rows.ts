import { randomUUID } from 'node:crypto';
import { contactCreateSchema, contactUpdateSchema } from '@funil/shared';
import type { Database } from '../../../db/client';
import { resolveRowBrands } from './brand-lookup';
import { parseContactFlag, parseRecordStatus } from './cell-values';
import {
  cellOf,
  isFilled,
  joinedText,
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
  CONTACT_CHANGE_FIELDS,
  type ContactChangeField,
  type ContactChanges,
  contactChanges,
  contactsOfBrands,
  demoteContacts,
  insertContacts,
  lockBrands,
  type NewContact,
  type StoredContact,
  updateContacts,
} from './principal-contacts';

/**
 * Contacts (our extension, so that export → import restores every contact). The brand by CNPJ or
 * name, as leads; duplicate key: the brand and the email (lower case). A principal row demotes
 * the brand's principal, as POST /api/contacts does; of several principal rows for one brand the
 * last one wins (as if the rows were sent one by one) and the earlier ones are written secundario.
 * With on_duplicate=update, a contact already in Funil takes the row's filled cells that differ
 * (none: the row is unchanged, nothing written).
 */

export type ContactWrite =
  | { isNew: true; record: NewContact }
  /** An existing contact (of `brandId`): the fields that differ. */
  | { isNew: false; brandId: string; changes: ContactChanges };

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
  const readable = issues.length === 0;
  const parsed = contactSchema.safeParse(input);
  if (!parsed.success) issues.push(...schemaIssues(parsed.error, (path) => path || null, issues));
  const brandId = brand && 'brand' in brand ? brand.brand.id : undefined;
  if (brandId === undefined || !readable) return { issues, contact: null, fill: null };
  if (parsed.success) {
    const contact = { ...parsed.data, brand_id: brandId };
    return { issues, contact, fill: contact };
  }
  // What the row says of a contact Funil holds: its filled cells alone, valid, with the email that
  // says which contact (a required field left empty is a hole there, not an error).
  const fill = contactUpdateSchema.safeParse(
    Object.fromEntries(Object.entries(input).filter(([field]) => isFilled(row, field))),
  );
  return {
    issues,
    contact: null,
    fill:
      fill.success && fill.data.email ? { ...fill.data, email: fill.data.email, brand_id: brandId } : null,
  };
}

type RowFill = NonNullable<ReturnType<typeof validateRow>['fill']>;

async function plan(
  db: Database,
  rows: ReadRow[],
  context: PlanContext,
): Promise<PlannedRow<ContactWrite>[]> {
  const brandsOfRows = await resolveRowBrands(db, rows);
  const validated = rows.map((row) => ({ row, ...validateRow(row, brandsOfRows.get(row)) }));
  const brandIds = validated.flatMap(({ fill }) => (fill ? [fill.brand_id] : []));
  const existing = new Map<string, StoredContact>();
  // Oldest first: of two contacts with one email, the older is the one a row fills.
  for (const contact of brandIds.length > 0 ? await contactsOfBrands(db, brandIds) : []) {
    const key = `${contact.brandId}|${contact.email.toLowerCase()}`;
    if (!existing.has(key)) existing.set(key, contact);
  }

  // Which rows are written, and against which stored contact.
  const seen = new Set<string>();
  const sorted = validated.map(({ row, issues, contact, fill }) => {
    const key = fill ? `${fill.brand_id}|${fill.email}` : '';
    const stored = existing.get(key);
    // A row that is not a whole contact may only fill one Funil holds.
    if (!fill || (!contact && !stored)) return { row, issues };
    if (seen.has(key))
      return { row, issues: [{ field: 'email', key: 'validation:spreadsheet.contact_repeated' }] };
    seen.add(key);
    if (stored && context.onDuplicate === 'skip')
      return { row, issues: [{ field: 'email', key: 'validation:spreadsheet.contact_taken' }] };
    return { row, issues: [], contact, fill, stored };
  });
  // Of several rows making a brand's principal, the last one wins (as if the rows were sent one
  // by one); the earlier ones are secundario.
  const winner = new Map<string, RowFill>();
  for (const { fill } of sorted) if (fill?.flag === 'principal') winner.set(fill.brand_id, fill);

  return sorted.map(({ row, issues, contact, fill, stored }): PlannedRow<ContactWrite> => {
    if (!fill) return skipped(row, issues);
    const planned = (
      action: PlannedRow<ContactWrite>['action'],
      write?: ContactWrite,
    ): PlannedRow<ContactWrite> => ({
      line: row.line,
      values: row.values,
      issues,
      action,
      ...(write ? { write } : {}),
    });
    const flag = fill.flag === 'principal' && winner.get(fill.brand_id) !== fill ? 'secundario' : fill.flag;
    if (!stored)
      return contact
        ? planned('create', {
            isNew: true,
            record: { ...contact, flag: flag ?? contact.flag, id: randomUUID() },
          })
        : skipped(row, issues);
    // An update compares the row's filled cells only: an empty cell keeps what the contact holds.
    const incoming: Partial<Pick<NewContact, ContactChangeField>> = {};
    for (const field of CONTACT_CHANGE_FIELDS)
      if (isFilled(row, field)) Object.assign(incoming, { [field]: field === 'flag' ? flag : fill[field] });
    const changes = contactChanges(stored, incoming);
    return changes === null
      ? planned('unchanged')
      : planned('update', { isNew: false, brandId: fill.brand_id, changes });
  });
}

/**
 * Writes the contacts, their brands locked first. A brand that gets a principal from the file has
 * its other principals demoted first, in their own statement; the statements write only what
 * differs, and an update only a contact whose fields really change.
 */
async function write(tx: Database, rows: ContactWrite[]) {
  if (rows.length === 0) return;
  const brandOf = (row: ContactWrite) => (row.isNew ? row.record.brand_id : row.brandId);
  await lockBrands(tx, rows.map(brandOf));
  const principals = new Map<string, string>();
  for (const row of rows) {
    const flag = row.isNew ? row.record.flag : row.changes.flag;
    if (flag === 'principal') principals.set(brandOf(row), row.isNew ? row.record.id : row.changes.id);
  }
  const keep = new Set(principals.values());
  const current = await contactsOfBrands(tx, [...principals.keys()]);
  await demoteContacts(
    tx,
    current
      .filter((contact) => contact.flag === 'principal' && !keep.has(contact.id))
      .map((contact) => contact.id),
  );
  await updateContacts(
    tx,
    rows.flatMap((row) => (row.isNew ? [] : [row.changes])),
  );
  await insertContacts(
    tx,
    rows.flatMap((row) => (row.isNew ? [row.record] : [])),
  );
}

/** A contact row's name: its first and last name, else its email. */
const nameOf = (row: ReadRow): string | null =>
  joinedText(row, ['first_name', 'last_name']) ?? textOf(row, 'email') ?? null;

export const contactImporter: KindImporter<ContactWrite> = { plan, write, nameOf };
