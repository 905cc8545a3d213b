import { randomUUID } from 'node:crypto';
import type { ContactCreate } from '@funil/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { isAnyIdOfJson } from '../../../db/any-of-json';
import { brands, contacts } from '../../../db/schema';
import { chunks } from './import-rows';

/**
 * Contacts written in bulk, and principal contacts by the rule of contacts.service.ts: the brand's
 * row is locked (NO KEY UPDATE, so principal changes of a brand run one at a time), the brand's
 * other principals are made secundario, then the new principal is written. The partial unique
 * index contacts_one_principal_per_brand still guarantees the result: demotions run first, in
 * their own statement, so no statement ever sees two principals of a brand.
 */

/** Locks the brands' rows for the rest of the transaction, in id order (no deadlock between two imports). */
export async function lockBrands(tx: Database, ids: readonly string[]): Promise<void> {
  for (const batch of chunks([...new Set(ids)].sort(), 5_000)) {
    await tx
      .select({ id: brands.id })
      .from(brands)
      .where(isAnyIdOfJson(brands.id, sql`${JSON.stringify(batch)}`))
      .orderBy(asc(brands.id))
      .for('no key update');
  }
}

/** Makes these contacts secundario (those still principal: a demoted one is left as it is). */
export async function demoteContacts(tx: Database, ids: readonly string[]): Promise<void> {
  for (const batch of chunks(ids, 5_000)) {
    await tx
      .update(contacts)
      .set({ flag: 'secundario', updatedAt: new Date() })
      .where(and(isAnyIdOfJson(contacts.id, sql`${JSON.stringify(batch)}`), eq(contacts.flag, 'principal')));
  }
}

/** A contact as stored, with the fields an import compares. */
export type StoredContact = {
  id: string;
  brandId: string;
  email: string;
  flag: 'principal' | 'secundario';
  status: 'active' | 'inactive';
  position: string | null;
  first_name: string;
  last_name: string;
  phone_number: string;
};

/** The contacts of these brands, oldest first (to match a row's email and find the principals to demote). */
export async function contactsOfBrands(tx: Database, brandIds: readonly string[]): Promise<StoredContact[]> {
  const found: StoredContact[] = [];
  for (const batch of chunks([...new Set(brandIds)], 5_000)) {
    found.push(
      ...(await tx
        .select({
          id: contacts.id,
          brandId: contacts.brandId,
          email: contacts.email,
          flag: contacts.flag,
          status: contacts.status,
          position: contacts.position,
          first_name: contacts.firstName,
          last_name: contacts.lastName,
          phone_number: contacts.phoneNumber,
        })
        .from(contacts)
        .where(isAnyIdOfJson(contacts.brandId, sql`${JSON.stringify(batch)}`))
        .orderBy(asc(contacts.createdAt), asc(contacts.id))),
    );
  }
  return found;
}

/** A new contact, every field given. */
export type NewContact = Omit<ContactCreate, 'brand_id'> & { id: string; brand_id: string };

/** The fields of a contact an import may change (the email is how it is found). */
export const CONTACT_CHANGE_FIELDS = [
  'position',
  'first_name',
  'last_name',
  'phone_number',
  'flag',
  'status',
] as const;
export type ContactChangeField = (typeof CONTACT_CHANGE_FIELDS)[number];

/** What changes of an existing contact: only the fields that differ (absent ones are kept). */
export type ContactChanges = { id: string } & Partial<Pick<NewContact, ContactChangeField>>;

/**
 * The fields of `incoming` (those it gives: undefined or null is no value, never a clearing) that
 * differ from the stored contact.
 */
export function contactChanges(
  stored: StoredContact,
  incoming: Partial<Pick<NewContact, ContactChangeField>>,
): ContactChanges | null {
  const changes: ContactChanges = { id: stored.id };
  let changed = false;
  for (const field of CONTACT_CHANGE_FIELDS) {
    const value = incoming[field];
    if (value === undefined || value === null || value === stored[field]) continue;
    Object.assign(changes, { [field]: value });
    changed = true;
  }
  return changed ? changes : null;
}

const NEW_COLUMNS = sql.raw(`id uuid, brand_id uuid, position text, first_name text, last_name text,
  email text, phone_number text, flag text, status text`);

/** Inserts contacts, a batch per statement (one JSON parameter each). */
export async function insertContacts(tx: Database, records: readonly NewContact[]): Promise<void> {
  for (const batch of chunks(records, 2_000)) {
    await tx.execute(sql`
      insert into ${contacts} (id, brand_id, position, first_name, last_name, email, phone_number, flag, status)
      select r.id, r.brand_id, r.position, r.first_name, r.last_name, r.email, r.phone_number, r.flag, r.status
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(${NEW_COLUMNS})`);
  }
}

const CHANGE_COLUMNS = sql.raw(
  `id uuid, ${CONTACT_CHANGE_FIELDS.map((field) => `${field} text`).join(', ')}`,
);
// Each field takes the row's value, or keeps its own when the row has none (null).
const ASSIGNMENTS = sql.raw(
  CONTACT_CHANGE_FIELDS.map((field) => `${field} = coalesce(r.${field}, contacts.${field})`).join(', '),
);
// Only a contact whose fields would really change is written (no updated_at, no event otherwise),
// even if it changed between the plan and this statement.
const DIFFERS = sql.raw(
  `(${CONTACT_CHANGE_FIELDS.map((field) => `contacts.${field}`).join(', ')}) is distinct from (${CONTACT_CHANGE_FIELDS.map(
    (field) => `coalesce(r.${field}, contacts.${field})`,
  ).join(', ')})`,
);

/** Fills existing contacts with their changes, a batch per statement. */
export async function updateContacts(tx: Database, changes: readonly ContactChanges[]): Promise<void> {
  for (const batch of chunks(changes, 2_000)) {
    await tx.execute(sql`
      update ${contacts} set ${ASSIGNMENTS}, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(${CHANGE_COLUMNS})
      where ${contacts.id} = r.id and ${DIFFERS}`);
  }
}

/** A brand row's principal contact (position null: the row has none, and an update keeps the stored one). */
export type PrincipalContact = Omit<ContactCreate, 'brand_id' | 'flag' | 'status'> & {
  brandId: string;
  brandIsNew: boolean;
};

/** What making a contact its brand's principal changes. */
export type PrincipalChange =
  | { kind: 'none' }
  | { kind: 'insert'; record: NewContact; demote: string[] }
  | { kind: 'update'; changes: ContactChanges | null; demote: string[] };

/**
 * Making `principal` its brand's principal, given the brand's contacts: the brand's contact with
 * the same email (the principal one first) is filled and promoted, else a new contact is inserted;
 * the brand's other principal becomes secundario. Nothing when that contact is already the
 * principal with these values. The contact's status is not the brand row's to change.
 */
export function principalChange(
  principal: PrincipalContact,
  ofBrand: readonly StoredContact[],
): PrincipalChange {
  const { position, first_name, last_name, email, phone_number } = principal;
  const same = ofBrand.filter((stored) => stored.email === email);
  const match = same.find((stored) => stored.flag === 'principal') ?? same[0];
  const demote = ofBrand
    .filter((stored) => stored.flag === 'principal' && stored.id !== match?.id)
    .map((stored) => stored.id);
  if (!match) {
    const record: NewContact = {
      id: randomUUID(),
      brand_id: principal.brandId,
      position,
      first_name,
      last_name,
      email,
      phone_number,
      flag: 'principal',
      status: 'active',
    };
    return { kind: 'insert', record, demote };
  }
  const changes = contactChanges(match, { position, first_name, last_name, phone_number, flag: 'principal' });
  return changes === null && demote.length === 0 ? { kind: 'none' } : { kind: 'update', changes, demote };
}

/**
 * Makes each contact its brand's principal (one contact per brand at most: a brand appears once
 * in a file), from what the brands hold now: the caller has locked the existing brands.
 */
export async function writePrincipalContacts(tx: Database, principals: readonly PrincipalContact[]) {
  const existingBrandIds = principals.filter((p) => !p.brandIsNew).map((p) => p.brandId);
  const current = existingBrandIds.length > 0 ? await contactsOfBrands(tx, existingBrandIds) : [];
  const byBrand = groupByBrand(current);
  const toDemote: string[] = [];
  const toInsert: NewContact[] = [];
  const toUpdate: ContactChanges[] = [];
  for (const principal of principals) {
    const change = principalChange(
      principal,
      principal.brandIsNew ? [] : (byBrand.get(principal.brandId) ?? []),
    );
    if (change.kind === 'none') continue;
    toDemote.push(...change.demote);
    if (change.kind === 'insert') toInsert.push(change.record);
    else if (change.changes !== null) toUpdate.push(change.changes);
  }
  await demoteContacts(tx, toDemote);
  await updateContacts(tx, toUpdate);
  await insertContacts(tx, toInsert);
}

/** Contacts by their brand's id, in the order given. */
export function groupByBrand(found: readonly StoredContact[]): Map<string, StoredContact[]> {
  const byBrand = new Map<string, StoredContact[]>();
  for (const contact of found)
    byBrand.set(contact.brandId, [...(byBrand.get(contact.brandId) ?? []), contact]);
  return byBrand;
}
