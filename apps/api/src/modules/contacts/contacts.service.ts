import { randomUUID } from 'node:crypto';
import type {
  Contact,
  ContactCreate,
  ContactListQuery,
  ContactListResponse,
  ContactSortField,
  ContactUpdate,
} from '@funil/shared';
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { defineShape, isoTimestamp } from '../../db/answer-shape';
import { isAnyIdOfJson } from '../../db/any-of-json';
import type { Database } from '../../db/client';
import { inOrder, lastly, writeAs } from '../../db/write-as';
import { rowVersion, type Versioned } from '../../db/row-version';
import { readListRows, readRows } from '../../db/read-rows';
import { brands, contacts } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { checkIfMatch } from '../../lib/etag';
import { type ColumnNames, patchColumns } from '../../lib/patch-columns';
import { paginate } from '../../lib/pagination';
import { contactSearch } from './contact-search';

/** The API's contact. */
const contactShape = defineShape<Contact, []>(() => ({
  id: contacts.id,
  _id: contacts.id,
  brand_id: contacts.brandId,
  position: contacts.position,
  first_name: contacts.firstName,
  last_name: contacts.lastName,
  email: contacts.email,
  phone_number: contacts.phoneNumber,
  flag: contacts.flag,
  status: contacts.status,
  createdAt: isoTimestamp(contacts.createdAt),
  updatedAt: isoTimestamp(contacts.updatedAt),
}));

const toContacts = (rows: unknown[][]): Contact[] => contactShape.answers(rows);

const notFound = () => new AppError(404, 'errors:not_found.contact');

const SORT_KEYS: Record<ContactSortField, AnyPgColumn> = {
  createdAt: contacts.createdAt,
  first_name: contacts.firstName,
  last_name: contacts.lastName,
};

/** The list's plain filters in use (part of its statements' keys) and their values by placeholder. */
export function contactListValues(
  query: Pick<ContactListQuery, 'brand_id' | 'status' | 'flag'>,
): Record<string, string> {
  const values: Record<string, string> = {};
  if (query.brand_id) values.p_brand_id = query.brand_id;
  if (query.status) values.p_status = query.status;
  if (query.flag) values.p_flag = query.flag;
  return values;
}

/** The WHERE of the list: the plain filters in `values` as placeholders, and the search's words. */
export const contactListCondition = (
  query: Pick<ContactListQuery, 'search'>,
  values: Record<string, string>,
) =>
  and(
    values.p_brand_id ? eq(contacts.brandId, sql.placeholder('p_brand_id')) : undefined,
    values.p_status ? eq(contacts.status, sql.placeholder('p_status')) : undefined,
    values.p_flag ? eq(contacts.flag, sql.placeholder('p_flag')) : undefined,
    query.search ? contactSearch(query.search) : undefined,
  );

/** The list's order: newest first unless sorted (then ascending by default), the id breaking ties. */
export function contactListOrder(query: Pick<ContactListQuery, 'sort' | 'order'>) {
  const sort = query.sort ?? 'createdAt';
  const order = query.order ?? (query.sort ? 'asc' : 'desc');
  const direction = order === 'desc' ? desc : asc;
  return { sort, order, orderBy: () => [direction(SORT_KEYS[sort]), direction(contacts.id)] };
}

/**
 * GET /api/contacts: filters brand_id, status, flag, search; newest first unless sorted. A search's
 * text follows its words (each must match), so a list with a search is built for its request;
 * the others are kept statements by their filters and sort.
 */
export async function listContacts(db: Database, query: ContactListQuery): Promise<ContactListResponse> {
  const values = contactListValues(query);
  const where = () => contactListCondition(query, values);
  const { sort, order, orderBy } = contactListOrder(query);
  const list = readListRows(db, {
    key: query.search ? null : `contacts|${Object.keys(values).join(',')}|${sort} ${order}`,
    values,
    count: () => db.select({ total: count() }).from(contacts).where(where()),
    rows: () =>
      db
        .select(contactShape().columns)
        .from(contacts)
        .where(where())
        .orderBy(...orderBy())
        .$dynamic(),
    mapRows: toContacts,
  });
  return paginate(query, list.count, list.rows);
}

/**
 * The contact and its row's version (GET /api/contacts/:id answers it as the ETag): one more
 * column after the shape's, read in the same query.
 */
export async function getVersionedContact(db: Database, id: string): Promise<Versioned<Contact>> {
  const [versioned] = await readRows(
    db,
    'contact_by_id',
    () => {
      const shape = contactShape();
      const query = db
        .select({ ...shape.columns, version: rowVersion(contacts) })
        .from(contacts)
        .where(eq(contacts.id, sql.placeholder('id')));
      const { toAnswer, width } = shape;
      const mapRows = (rows: unknown[][]): Versioned<Contact>[] =>
        rows.map((row) => ({ record: toAnswer(row), version: row[width] as string }));
      return { query, mapRows };
    },
    { id },
  );
  if (!versioned) throw notFound();
  return versioned;
}

export async function getContact(db: Database, id: string): Promise<Contact> {
  return (await getVersionedContact(db, id)).record;
}

/** The contacts with these ids (missing ones are simply absent), as `getContact` answers each. */
export function getContactsByIds(db: Database, ids: readonly string[]): Promise<Contact[]> {
  return readRows(
    db,
    'contacts_by_ids',
    () => ({
      query: db
        .select(contactShape().columns)
        .from(contacts)
        .where(isAnyIdOfJson(contacts.id, sql.placeholder('ids'))),
      mapRows: toContacts,
    }),
    { ids: JSON.stringify(ids) },
  );
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
function demoteOtherPrincipals(tx: Database, brandId: string, keepId: string | null): PromiseLike<unknown> {
  // Returned as is (not awaited here), so a pipelined write sends it as soon as it is asked for.
  return tx
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
export async function createContact(
  db: Database,
  input: ContactCreate,
  userId: string | null,
): Promise<Contact> {
  return writeAs(db, userId, async (tx) => {
    if (!(await lockBrand(tx, input.brand_id))) throw new AppError(400, 'errors:not_found.brand');
    // The id is made here, so the writes, the answer and the COMMIT go out together.
    const id = randomUUID();
    return lastly(async () => {
      const [, , contact] = await inOrder(tx, [
        () =>
          input.flag === 'principal' ? demoteOtherPrincipals(tx, input.brand_id, null) : Promise.resolve(),
        () =>
          tx.insert(contacts).values({
            id,
            brandId: input.brand_id,
            position: input.position ?? null,
            firstName: input.first_name,
            lastName: input.last_name,
            email: input.email,
            phoneNumber: input.phone_number,
            flag: input.flag,
            status: input.status,
          }),
        () => getContact(tx, id),
      ] as const);
      return contact;
    });
  });
}

/**
 * PATCH /api/contacts/:id. Making a contact principal demotes the brand's other one, in the same
 * transaction. The contact's row is locked before `ifMatch` is compared with its version, so of
 * two PATCHes made over the same version only the first one passes (lib/etag.ts); an unknown
 * contact is 404 before any 412.
 *
 * A promotion locks the brand before the contact: a promotion of another contact of the brand
 * locks the brand and then writes the demoted contact, so taking them in the other order could
 * deadlock with it. The brand comes from a first, unlocked read; a contact never changes brand.
 */
export async function updateContact(
  db: Database,
  id: string,
  input: ContactUpdate,
  userId: string | null,
  ifMatch?: string,
): Promise<Versioned<Contact>> {
  return writeAs(db, userId, async (tx) => {
    const lockContact = () =>
      tx
        .select({ brandId: contacts.brandId, version: rowVersion(contacts) })
        .from(contacts)
        .where(eq(contacts.id, id))
        .for('no key update');
    const promotes = input.flag === 'principal';
    let current: { brandId: string; version: string } | undefined;
    if (promotes) {
      const [found] = await tx
        .select({ brandId: contacts.brandId })
        .from(contacts)
        .where(eq(contacts.id, id));
      if (!found) throw notFound();
      await lockBrand(tx, found.brandId);
      // Deleted between the two reads: undefined.
      [current] = await lockContact();
    } else {
      // No brand to lock first: the contact's own lock is the first statement.
      [current] = await lockContact();
    }
    if (!current) throw notFound();
    checkIfMatch(ifMatch, current.version);
    const { brandId } = current;
    return lastly(async () => {
      const [, , contact] = await inOrder(tx, [
        () => (promotes ? demoteOtherPrincipals(tx, brandId, id) : Promise.resolve()),
        () =>
          tx
            .update(contacts)
            .set({ ...patchColumns(input, contactColumns), updatedAt: new Date() })
            .where(eq(contacts.id, id)),
        () => getVersionedContact(tx, id),
      ] as const);
      return contact;
    });
  });
}

export async function deleteContact(db: Database, id: string, userId: string | null): Promise<void> {
  const deleted = await writeAs(db, userId, (tx) =>
    tx.delete(contacts).where(eq(contacts.id, id)).returning({ id: contacts.id }),
  );
  if (deleted.length === 0) throw notFound();
}
