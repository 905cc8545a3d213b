import { randomUUID } from 'node:crypto';
import {
  type Brand,
  type BrandCreate,
  type BrandListQuery,
  type BrandListResponse,
  type BrandSortField,
  type BrandUpdate,
  searchTermIdentifiers,
} from '@funil/shared';
import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn, union } from 'drizzle-orm/pg-core';
import { defineShape, derived, isoTimestamp, nullableShape } from '../../db/answer-shape';
import { isAnyIdOfJson } from '../../db/any-of-json';
import type { Database } from '../../db/client';
import { inOrder, lastly, writeAs } from '../../db/write-as';
import { rowVersion, type Versioned } from '../../db/row-version';
import { firstNumber, readRows } from '../../db/read-rows';
import { brands, contacts, leads } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { checkIfMatch } from '../../lib/etag';
import { containsNormalisedPattern, escapeLike } from '../../lib/like';
import { paginate } from '../../lib/pagination';
import { brandIdentityShape } from './brand-identity-shape';
import { type ColumnNames, patchColumns } from '../../lib/patch-columns';

// The brand's principal contact, joined into every brand query: the partial unique index
// (contacts_one_principal_per_brand) guarantees at most one row, so the join never multiplies.
export const principal = alias(contacts, 'principal_contact');
export const principalJoin = and(eq(principal.brandId, brands.id), eq(principal.flag, 'principal'));

/** Where the image of a brand is served; the content hash changes the URL when the image does. */
export const brandImageUrl = (brandId: string, hash: string) => `/api/brands/${brandId}/image?v=${hash}`;

/** The API's brand, with its principal contact's name, email and phone (or null). */
const brandShape = defineShape<Brand, []>(() => ({
  ...brandIdentityShape,
  responsible: brands.responsible,
  description: brands.description,
  status: brands.status,
  image_url: derived([brands.id, brands.imageHash], (id: string, hash: string | null) =>
    hash === null ? null : brandImageUrl(id, hash),
  ),
  principal_contact: nullableShape(principal.id, {
    name: derived([principal.firstName, principal.lastName], (first: string, last: string | null) =>
      `${first} ${last ?? ''}`.trim(),
    ),
    email: derived([principal.email], (email: string | null) => email ?? ''),
    phone_number: derived([principal.phoneNumber], (phone: string | null) => phone ?? ''),
  }),
  open_tasks: brands.openTasks,
  next_task_due_at: isoTimestamp(brands.nextTaskDueAt),
  createdAt: isoTimestamp(brands.createdAt),
  updatedAt: isoTimestamp(brands.updatedAt),
}));

/** Brands with their principal, to filter, order and page. */
function selectBrands(db: Database) {
  const shape = brandShape();
  return db.select(shape.columns).from(brands).leftJoin(principal, principalJoin).$dynamic();
}

const toBrands = (rows: unknown[][]): Brand[] => brandShape.answers(rows);

/**
 * The search box: name, company name, responsible, principal's name and email (the escaped term
 * in `p_search`), and the CNPJ when the term looks like one (its LIKE pattern in `p_cnpj`).
 * Written as "the brand's id is among the brands that match, or the brands whose principal
 * matches", so each side reads its trigram indexes (a BitmapOr over brands, another over the
 * principals) instead of normalising five texts of every brand: 400 ms → a few ms at 20,000.
 */
function brandSearch(db: Database, withCnpj: boolean): SQL {
  const term = sql.placeholder('p_search');
  const matchingBrands = db
    .select({ id: brands.id })
    .from(brands)
    .where(
      or(
        containsNormalisedPattern(brands.nameSearch, term),
        containsNormalisedPattern(brands.companyNameSearch, term),
        containsNormalisedPattern(brands.responsibleSearch, term),
        withCnpj ? sql`${brands.cnpj} like ${sql.placeholder('p_cnpj')} escape '\\'` : undefined,
      ),
    );
  const matchingPrincipals = db
    .select({ id: contacts.brandId })
    .from(contacts)
    .where(
      and(
        eq(contacts.flag, 'principal'),
        or(
          containsNormalisedPattern(contacts.fullNameSearch, term),
          containsNormalisedPattern(contacts.emailSearch, term),
        ),
      ),
    );
  return inArray(brands.id, union(matchingBrands, matchingPrincipals));
}

/**
 * The LIKE pattern of the stored CNPJ (14 characters, upper case, no mask) for a term of digits
 * (found anywhere: "12.345", "0001-81") or one that begins a CNPJ, with or without its mask
 * (its beginning: "12.ABC.3", "12abc3"); null for any other term, which is text and never
 * reaches the CNPJ. The trigram index serves both patterns.
 */
function cnpjPattern(search: string): string | null {
  const { digits, cnpjPrefix } = searchTermIdentifiers(search);
  return digits ? `%${escapeLike(digits)}%` : cnpjPrefix ? `${escapeLike(cnpjPrefix)}%` : null;
}

const SORT_KEYS: Record<BrandSortField, AnyPgColumn> = {
  createdAt: brands.createdAt,
  // Accent- and case-insensitive (the normalised copies), the same on both engines whatever their collation.
  name: brands.nameSearch,
  company_name: brands.companyNameSearch,
};

/** The list's filters in use (part of its statements' keys) and their values by placeholder. */
export function brandListFilter(query: Pick<BrandListQuery, 'status' | 'name' | 'search'>) {
  const values: Record<string, string> = {};
  if (query.status) values.p_status = query.status;
  if (query.name) values.p_name = escapeLike(query.name);
  if (query.search) {
    values.p_search = escapeLike(query.search);
    const cnpj = cnpjPattern(query.search);
    if (cnpj !== null) values.p_cnpj = cnpj;
  }
  return { key: Object.keys(values).join(','), values };
}

/** The WHERE of the list for the filters in `values`, as placeholders. */
export const brandListCondition = (db: Database, values: Record<string, string>) =>
  and(
    values.p_status ? eq(brands.status, sql.placeholder('p_status')) : undefined,
    values.p_name ? containsNormalisedPattern(brands.nameSearch, sql.placeholder('p_name')) : undefined,
    values.p_search ? brandSearch(db, values.p_cnpj !== undefined) : undefined,
  );

/** The list's order: without `sort`, by name; the id breaks ties, so paging never repeats or skips a brand. */
export function brandListOrder(query: Pick<BrandListQuery, 'sort' | 'order'>) {
  const sort = query.sort ?? 'name';
  const order = query.order ?? 'asc';
  const direction = order === 'desc' ? desc : asc;
  return { sort, order, orderBy: () => [direction(SORT_KEYS[sort]), direction(brands.id)] };
}

/** GET /api/brands: filters, then a page (20 by default); without `sort`, by name. */
export async function listBrands(db: Database, query: BrandListQuery): Promise<BrandListResponse> {
  const filter = brandListFilter(query);
  const { sort, order, orderBy } = brandListOrder(query);
  const where = () => brandListCondition(db, filter.values);
  const shapeKey = `${filter.key}|${sort} ${order}`;

  return paginate(
    query,
    () =>
      // No filter reads the principal any more (the search finds principals in its own subquery):
      // the count reads brands alone.
      readRows(
        db,
        `brand_count|${filter.key}`,
        () => ({ query: db.select({ total: count() }).from(brands).where(where()), mapRows: firstNumber }),
        filter.values,
      ),
    (window) => {
      if (!window)
        return readRows(
          db,
          `brand_list_all|${shapeKey}`,
          () => ({
            query: selectBrands(db)
              .where(where())
              .orderBy(...orderBy()),
            mapRows: toBrands,
          }),
          filter.values,
        );
      // The page's ids first, then their principals: joining the principal before the LIMIT
      // made PostgreSQL join every matching brand (a search matching 1,000 brands read all the
      // principals to show 20).
      return readRows(
        db,
        `brand_page|${shapeKey}`,
        () => {
          const page = db
            .select({ id: brands.id })
            .from(brands)
            .where(where())
            .orderBy(...orderBy())
            .limit(sql.placeholder('limit'))
            .offset(sql.placeholder('offset'))
            .as('page');
          const rows = selectBrands(db)
            .innerJoin(page, eq(page.id, brands.id))
            .orderBy(...orderBy());
          return { query: rows, mapRows: toBrands };
        },
        { ...filter.values, limit: window.limit, offset: window.offset },
      );
    },
  );
}

const notFound = () => new AppError(404, 'errors:not_found.brand');

/**
 * The brand and its row's version (GET /api/brands/:id answers it as the ETag): the version is one
 * more column after the shape's, read in the same query. It is the brand row's alone; the
 * principal contact the answer embeds is another row.
 */
export async function getVersionedBrand(db: Database, id: string): Promise<Versioned<Brand>> {
  const [versioned] = await readRows(
    db,
    'brand_by_id',
    () => {
      const shape = brandShape();
      const query = db
        .select({ ...shape.columns, version: rowVersion(brands) })
        .from(brands)
        .leftJoin(principal, principalJoin)
        .where(eq(brands.id, sql.placeholder('id')));
      const { toAnswer, width } = shape;
      const mapRows = (rows: unknown[][]): Versioned<Brand>[] =>
        rows.map((row) => ({ record: toAnswer(row), version: row[width] as string }));
      return { query, mapRows };
    },
    { id },
  );
  if (!versioned) throw notFound();
  return versioned;
}

export async function getBrand(db: Database, id: string): Promise<Brand> {
  return (await getVersionedBrand(db, id)).record;
}

/** The brands with these ids (missing ones are simply absent), as `getBrand` answers each. */
export function getBrandsByIds(db: Database, ids: readonly string[]): Promise<Brand[]> {
  return readRows(
    db,
    'brands_by_ids',
    () => ({
      query: selectBrands(db).where(isAnyIdOfJson(brands.id, sql.placeholder('ids'))),
      mapRows: toBrands,
    }),
    { ids: JSON.stringify(ids) },
  );
}

/** The brand's column for each API field. */
const brandFieldColumns = {
  name: 'name',
  company_name: 'companyName',
  cnpj: 'cnpj',
  area_of_activity: 'areaOfActivity',
  segmentation: 'segmentation',
  responsible: 'responsible',
  description: 'description',
  status: 'status',
} as const satisfies ColumnNames<BrandUpdate, keyof typeof brands.$inferInsert>;

export async function createBrand(db: Database, input: BrandCreate, userId: string | null): Promise<Brand> {
  // The id is made here, so the insert, the answer and the COMMIT go out together (one round trip).
  const id = randomUUID();
  return writeAs(db, userId, async (tx) =>
    lastly(async () => {
      const [, brand] = await inOrder(tx, [
        () => tx.insert(brands).values({ ...patchColumns(input, brandFieldColumns), id }),
        () => getBrand(tx, id),
      ] as const);
      return brand;
    }),
  );
}

/**
 * PATCH /api/brands/:id. The brand's row is locked before `ifMatch` is compared with its version,
 * so of two PATCHes made over the same version only the first one passes (lib/etag.ts); an
 * unknown brand is 404 before any 412.
 */
export async function updateBrand(
  db: Database,
  id: string,
  input: BrandUpdate,
  userId: string | null,
  ifMatch?: string,
): Promise<Versioned<Brand>> {
  return writeAs(db, userId, async (tx) => {
    const [current] = await tx
      .select({ version: rowVersion(brands) })
      .from(brands)
      .where(eq(brands.id, id))
      .for('no key update');
    if (!current) throw notFound();
    checkIfMatch(ifMatch, current.version);
    return lastly(async () => {
      const [, brand] = await inOrder(tx, [
        () =>
          tx
            .update(brands)
            .set({ ...patchColumns(input, brandFieldColumns), updatedAt: new Date() })
            .where(eq(brands.id, id)),
        () => getVersionedBrand(tx, id),
      ] as const);
      return brand;
    });
  });
}

/**
 * Deletes a brand and its contacts; 409 while any lead points at it (the foreign key settles a
 * lead created meanwhile). Returns the image file the brand had, for the caller to remove.
 */
export async function deleteBrand(db: Database, id: string, userId: string | null): Promise<string | null> {
  const [used] = await db.select({ id: leads.id }).from(leads).where(eq(leads.brandId, id)).limit(1);
  if (used) throw new AppError(409, 'errors:brands.has_leads');
  // A lead created meanwhile makes the foreign key refuse the delete: the error handler answers
  // that 409 with the same message (lib/db-errors.ts).
  const [deleted] = await writeAs(db, userId, (tx) =>
    tx.delete(brands).where(eq(brands.id, id)).returning({ imageFile: brands.imageFile }),
  );
  if (!deleted) throw notFound();
  return deleted.imageFile;
}

/** Whether a brand exists (contacts check their brand_id with it). */
export async function brandExists(db: Database, id: string): Promise<boolean> {
  const [row] = await db.select({ id: brands.id }).from(brands).where(eq(brands.id, id)).limit(1);
  return row !== undefined;
}
