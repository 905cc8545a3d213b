import { randomUUID } from 'node:crypto';
import type { ContactCreate } from '@funil/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { isAnyIdOfJson } from '../../../db/any-of-json';
import { brands, contacts } from '../../../db/schema';
import { chunks } from './import-rows';

/**
 * Principal contacts written in bulk, by the rule of contacts.service.ts: the brand's row is
 * locked (NO KEY UPDATE, so principal changes of a brand run one at a time), the brand's other
 * principals are made secundario, then the new principal is written. The partial unique index
 * contacts_one_principal_per_brand still guarantees the result: demotions run first, in their
 * own statement, so no statement ever sees two principals of a brand.
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

/** Makes these contacts secundario. */
export async function demoteContacts(tx: Database, ids: readonly string[]): Promise<void> {
  for (const batch of chunks(ids, 5_000)) {
    await tx
      .update(contacts)
      .set({ flag: 'secundario', updatedAt: new Date() })
      .where(and(isAnyIdOfJson(contacts.id, sql`${JSON.stringify(batch)}`), eq(contacts.flag, 'principal')));
  }
}

/** The contacts of these brands (to match a row's email and find the principals to demote). */
export async function contactsOfBrands(tx: Database, brandIds: readonly string[]) {
  const found: { id: string; brandId: string; email: string; flag: 'principal' | 'secundario' }[] = [];
  for (const batch of chunks([...new Set(brandIds)], 5_000)) {
    found.push(
      ...(await tx
        .select({ id: contacts.id, brandId: contacts.brandId, email: contacts.email, flag: contacts.flag })
        .from(contacts)
        .where(isAnyIdOfJson(contacts.brandId, sql`${JSON.stringify(batch)}`))
        .orderBy(asc(contacts.createdAt), asc(contacts.id))),
    );
  }
  return found;
}

/** A contact to write (its id: a new one, or the existing contact it fills). */
export type ContactRecord = Omit<ContactCreate, 'brand_id'> & { id: string; brand_id: string };

const RECORD_COLUMNS = sql.raw(`id uuid, brand_id uuid, position text, first_name text, last_name text,
  email text, phone_number text, flag text, status text`);

/** Inserts contacts, a batch per statement (one JSON parameter each). */
export async function insertContacts(tx: Database, records: readonly ContactRecord[]): Promise<void> {
  for (const batch of chunks(records, 2_000)) {
    await tx.execute(sql`
      insert into ${contacts} (id, brand_id, position, first_name, last_name, email, phone_number, flag, status)
      select r.id, r.brand_id, r.position, r.first_name, r.last_name, r.email, r.phone_number, r.flag, r.status
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(${RECORD_COLUMNS})`);
  }
}

/** Fills existing contacts (`fields`: the SQL columns written), a batch per statement. */
export async function updateContacts(
  tx: Database,
  records: readonly ContactRecord[],
  fields: readonly string[],
): Promise<void> {
  if (fields.length === 0) return;
  const assignments = sql.raw(
    [...fields.map((field) => `${field} = r.${field}`), 'updated_at = now()'].join(', '),
  );
  for (const batch of chunks(records, 2_000)) {
    await tx.execute(sql`
      update ${contacts} set ${assignments}
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(${RECORD_COLUMNS})
      where ${contacts.id} = r.id`);
  }
}

export type PrincipalContact = Omit<ContactCreate, 'brand_id'> & { brandId: string; brandIsNew: boolean };

/**
 * Makes each contact its brand's principal. A new brand's is inserted. For an existing brand
 * (locked by the caller), a contact of the brand with the same email is filled and promoted,
 * else a new one is inserted; the brand's other principal becomes secundario. One contact per
 * brand at most (a CNPJ appears once in a file).
 */
export async function writePrincipalContacts(tx: Database, principals: readonly PrincipalContact[]) {
  const existingBrandIds = principals.filter((p) => !p.brandIsNew).map((p) => p.brandId);
  const current = existingBrandIds.length > 0 ? await contactsOfBrands(tx, existingBrandIds) : [];
  const toDemote: string[] = [];
  const toInsert: ContactRecord[] = [];
  const toUpdate: ContactRecord[] = [];
  const byBrand = new Map<string, typeof current>();
  for (const c of current) byBrand.set(c.brandId, [...(byBrand.get(c.brandId) ?? []), c]);
  for (const { brandId, brandIsNew, ...contact } of principals) {
    const record = { ...contact, flag: 'principal' as const, brand_id: brandId, id: '' };
    const ofBrand = brandIsNew ? [] : (byBrand.get(brandId) ?? []);
    const same = ofBrand.filter((c) => c.email === contact.email);
    const match = same.find((c) => c.flag === 'principal') ?? same[0];
    for (const other of ofBrand)
      if (other.flag === 'principal' && other.id !== match?.id) toDemote.push(other.id);
    if (match) toUpdate.push({ ...record, id: match.id });
    else toInsert.push({ ...record, id: randomUUID() });
  }
  await demoteContacts(tx, toDemote);
  await updateContacts(tx, toUpdate, ['position', 'first_name', 'last_name', 'phone_number', 'flag']);
  await insertContacts(tx, toInsert);
}
