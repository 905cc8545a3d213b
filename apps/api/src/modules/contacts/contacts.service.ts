import type {
  Contact,
  ContactCreate,
  ContactListQuery,
  ContactListResponse,
  ContactSortField,
  ContactUpdate,
} from '@funil/shared';
import { and, asc, count, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { brands, contacts } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { type ColumnNames, patchColumns } from '../../lib/patch-columns';
import { paginate } from '../../lib/pagination';
import { contactSearch } from './contact-search';

type ContactRow = typeof contacts.$inferSelect;

function toContact(row: ContactRow): Contact {
  return {
    id: row.id,
    _id: row.id,
    brand_id: row.brandId,
    position: row.position,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone_number: row.phoneNumber,
    flag: row.flag,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const notFound = () => new AppError(404, 'errors:not_found.contact');

const SORT_KEYS: Record<ContactSortField, AnyPgColumn> = {
  createdAt: contacts.createdAt,
  first_name: contacts.firstName,
  last_name: contacts.lastName,
};

/** GET /api/contacts: filters brand_id, status, flag, search; newest first unless sorted. */
export async function listContacts(db: Database, query: ContactListQuery): Promise<ContactListResponse> {
  const conditions: (SQL | undefined)[] = [];
  if (query.brand_id) conditions.push(eq(contacts.brandId, query.brand_id));
  if (query.status) conditions.push(eq(contacts.status, query.status));
  if (query.flag) conditions.push(eq(contacts.flag, query.flag));
  if (query.search) conditions.push(contactSearch(query.search));
  const where = and(...conditions);
  const sort = query.sort ?? 'createdAt';
  const direction = (query.order ?? (query.sort ? 'asc' : 'desc')) === 'desc' ? desc : asc;
  return paginate(
    query,
    async () => (await db.select({ total: count() }).from(contacts).where(where))[0]?.total ?? 0,
    async (window) => {
      const ordered = db
        .select()
        .from(contacts)
        .where(where)
        .orderBy(direction(SORT_KEYS[sort]), direction(contacts.id));
      const rows = window ? await ordered.limit(window.limit).offset(window.offset) : await ordered;
      return rows.map(toContact);
    },
  );
}

export async function getContact(db: Database, id: string): Promise<Contact> {
  const [row] = await db.select().from(contacts).where(eq(contacts.id, id)).limit(1);
  if (!row) throw notFound();
  return toContact(row);
}

/**
 * Locks the brand's row for the rest of the transaction, so that the brand's principal changes
 * one at a time: ten concurrent "make principal" requests then run one after the other, each
 * demoting the previous one, and exactly one principal is left. (NO KEY UPDATE does not block the
 * KEY SHARE locks that inserting other contacts takes.) False when the brand does not exist.
 */
async function lockBrand(tx: Database, brandId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: brands.id })
    .from(brands)
    .where(eq(brands.id, brandId))
    .for('no key update');
  return row !== undefined;
}

/** Makes every principal of the brand but `keepId` secundario (the partial unique index backs it). */
async function demoteOtherPrincipals(tx: Database, brandId: string, keepId: string | null): Promise<void> {
  await tx
    .update(contacts)
    .set({ flag: 'secundario', updatedAt: new Date() })
    .where(
      and(
        eq(contacts.brandId, brandId),
        eq(contacts.flag, 'principal'),
        keepId ? ne(contacts.id, keepId) : undefined,
      ),
    );
}

/** The contact's column for each API field (a contact never moves to another brand). */
const contactColumns = {
  position: 'position',
  first_name: 'firstName',
  last_name: 'lastName',
  email: 'email',
  phone_number: 'phoneNumber',
  flag: 'flag',
  status: 'status',
} as const satisfies ColumnNames<ContactUpdate, keyof typeof contacts.$inferInsert>;

/** POST /api/contacts. An unknown brand is 400 "Marca não encontrada" (the body is wrong, not the URL). */
export async function createContact(db: Database, input: ContactCreate): Promise<Contact> {
  return db.transaction(async (tx) => {
    if (!(await lockBrand(tx, input.brand_id))) throw new AppError(400, 'errors:not_found.brand');
    if (input.flag === 'principal') await demoteOtherPrincipals(tx, input.brand_id, null);
    const [row] = await tx
      .insert(contacts)
      .values({
        brandId: input.brand_id,
        position: input.position ?? null,
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        phoneNumber: input.phone_number,
        flag: input.flag,
        status: input.status,
      })
      .returning();
    if (!row) throw new Error('contact insert returned no row');
    return toContact(row);
  });
}

/** PATCH /api/contacts/:id. Making a contact principal demotes the brand's other one, in the same transaction. */
export async function updateContact(db: Database, id: string, input: ContactUpdate): Promise<Contact> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ brandId: contacts.brandId })
      .from(contacts)
      .where(eq(contacts.id, id));
    if (!current) throw notFound();
    if (input.flag === 'principal') {
      await lockBrand(tx, current.brandId);
      await demoteOtherPrincipals(tx, current.brandId, id);
    }
    const [row] = await tx
      .update(contacts)
      .set({ ...patchColumns(input, contactColumns), updatedAt: new Date() })
      .where(eq(contacts.id, id))
      .returning();
    if (!row) throw notFound();
    return toContact(row);
  });
}

export async function deleteContact(db: Database, id: string): Promise<void> {
  const deleted = await db.delete(contacts).where(eq(contacts.id, id)).returning({ id: contacts.id });
  if (deleted.length === 0) throw notFound();
}
