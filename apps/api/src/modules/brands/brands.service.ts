import type {
  Brand,
  BrandCreate,
  BrandListQuery,
  BrandListResponse,
  BrandSortField,
  BrandUpdate,
} from '@funil/shared';
import { and, asc, count, desc, eq, getTableColumns, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn, union } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { brands, contacts, leads } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { containsNormalised, escapeLike } from '../../lib/like';
import { paginate } from '../../lib/pagination';
import { type ColumnNames, patchColumns } from '../../lib/patch-columns';

// The brand's principal contact, joined into every brand query: the partial unique index
// (contacts_one_principal_per_brand) guarantees at most one row, so the join never multiplies.
const principal = alias(contacts, 'principal_contact');
const principalJoin = and(eq(principal.brandId, brands.id), eq(principal.flag, 'principal'));

// The brand's own columns, without the normalised copies the search reads (`*Search`).
const {
  nameSearch: _name,
  companyNameSearch: _companyName,
  responsibleSearch: _responsible,
  ...brandOwnColumns
} = getTableColumns(brands);

const brandColumns = {
  brand: brandOwnColumns,
  principalFirstName: principal.firstName,
  principalLastName: principal.lastName,
  principalEmail: principal.email,
  principalPhone: principal.phoneNumber,
};

type BrandRow = {
  brand: Omit<typeof brands.$inferSelect, 'nameSearch' | 'companyNameSearch' | 'responsibleSearch'>;
  principalFirstName: string | null;
  principalLastName: string | null;
  principalEmail: string | null;
  principalPhone: string | null;
};

/** Where the image of a brand is served; the content hash changes the URL when the image does. */
export const brandImageUrl = (brandId: string, hash: string) => `/api/brands/${brandId}/image?v=${hash}`;

function toBrand({ brand, ...contact }: BrandRow): Brand {
  return {
    id: brand.id,
    _id: brand.id,
    name: brand.name,
    company_name: brand.companyName,
    cnpj: brand.cnpj,
    area_of_activity: brand.areaOfActivity,
    segmentation: brand.segmentation,
    responsible: brand.responsible,
    description: brand.description,
    status: brand.status,
    image_url: brand.imageHash ? brandImageUrl(brand.id, brand.imageHash) : null,
    principal_contact:
      contact.principalFirstName === null
        ? null
        : {
            name: `${contact.principalFirstName} ${contact.principalLastName ?? ''}`.trim(),
            email: contact.principalEmail ?? '',
            phone_number: contact.principalPhone ?? '',
          },
    createdAt: brand.createdAt.toISOString(),
    updatedAt: brand.updatedAt.toISOString(),
  };
}

const selectBrands = (db: Database) =>
  db.select(brandColumns).from(brands).leftJoin(principal, principalJoin);

/**
 * The search box: name, company name, CNPJ characters, responsible, principal's name and email.
 * Written as "the brand's id is among the brands that match, or the brands whose principal
 * matches", so each side reads its trigram indexes (a BitmapOr over brands, another over the
 * principals) instead of normalising five texts of every brand: 400 ms → a few ms at 20,000.
 */
function brandSearch(db: Database, search: string): SQL {
  const cnpjCharacters = search.replace(/[^0-9a-z]/gi, '').toUpperCase();
  const matchingBrands = db
    .select({ id: brands.id })
    .from(brands)
    .where(
      or(
        containsNormalised(brands.nameSearch, search),
        containsNormalised(brands.companyNameSearch, search),
        containsNormalised(brands.responsibleSearch, search),
        cnpjCharacters
          ? sql`${brands.cnpj} like ${`%${escapeLike(cnpjCharacters)}%`} escape '\\'`
          : undefined,
      ),
    );
  const matchingPrincipals = db
    .select({ id: contacts.brandId })
    .from(contacts)
    .where(
      and(
        eq(contacts.flag, 'principal'),
        or(
          containsNormalised(contacts.fullNameSearch, search),
          containsNormalised(contacts.emailSearch, search),
        ),
      ),
    );
  return inArray(brands.id, union(matchingBrands, matchingPrincipals));
}

const SORT_KEYS: Record<BrandSortField, AnyPgColumn> = {
  createdAt: brands.createdAt,
  // Accent- and case-insensitive (the normalised copies), the same on both engines whatever their collation.
  name: brands.nameSearch,
  company_name: brands.companyNameSearch,
};

/** GET /api/brands: filters, then a page (20 by default); without `sort`, by name. */
export async function listBrands(db: Database, query: BrandListQuery): Promise<BrandListResponse> {
  const conditions: (SQL | undefined)[] = [];
  if (query.status) conditions.push(eq(brands.status, query.status));
  if (query.name) conditions.push(containsNormalised(brands.nameSearch, query.name));
  if (query.search) conditions.push(brandSearch(db, query.search));
  const where = and(...conditions);
  const direction = query.order === 'desc' ? desc : asc;
  // The id breaks ties, so paging never repeats or skips a brand.
  const orderBy = [direction(SORT_KEYS[query.sort ?? 'name']), direction(brands.id)];

  return paginate(
    query,
    async () =>
      // No filter reads the principal any more (the search finds principals in its own subquery):
      // the count reads brands alone.
      (await db.select({ total: count() }).from(brands).where(where))[0]?.total ?? 0,
    async (window) => {
      if (!window)
        return (
          await selectBrands(db)
            .where(where)
            .orderBy(...orderBy)
        ).map(toBrand);
      // The page's ids first, then their principals: joining the principal before the LIMIT
      // made PostgreSQL join every matching brand (a search matching 1,000 brands read all the
      // principals to show 20).
      const page = db
        .select({ id: brands.id })
        .from(brands)
        .where(where)
        .orderBy(...orderBy)
        .limit(window.limit)
        .offset(window.offset)
        .as('page');
      const rows = await selectBrands(db)
        .innerJoin(page, eq(page.id, brands.id))
        .orderBy(...orderBy);
      return rows.map(toBrand);
    },
  );
}

const notFound = () => new AppError(404, 'errors:not_found.brand');

export async function getBrand(db: Database, id: string): Promise<Brand> {
  const [row] = await selectBrands(db).where(eq(brands.id, id)).limit(1);
  if (!row) throw notFound();
  return toBrand(row);
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

export async function createBrand(db: Database, input: BrandCreate): Promise<Brand> {
  const [row] = await db
    .insert(brands)
    .values(patchColumns(input, brandFieldColumns))
    .returning({ id: brands.id });
  if (!row) throw new Error('brand insert returned no row');
  return getBrand(db, row.id);
}

export async function updateBrand(db: Database, id: string, input: BrandUpdate): Promise<Brand> {
  const [row] = await db
    .update(brands)
    .set({ ...patchColumns(input, brandFieldColumns), updatedAt: new Date() })
    .where(eq(brands.id, id))
    .returning({ id: brands.id });
  if (!row) throw notFound();
  return getBrand(db, row.id);
}

/**
 * Deletes a brand and its contacts; 409 while any lead points at it (the foreign key settles a
 * lead created meanwhile). Returns the image file the brand had, for the caller to remove.
 */
export async function deleteBrand(db: Database, id: string): Promise<string | null> {
  const [used] = await db.select({ id: leads.id }).from(leads).where(eq(leads.brandId, id)).limit(1);
  if (used) throw new AppError(409, 'errors:brands.has_leads');
  try {
    const [deleted] = await db
      .delete(brands)
      .where(eq(brands.id, id))
      .returning({ imageFile: brands.imageFile });
    if (!deleted) throw notFound();
    return deleted.imageFile;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError(409, 'errors:brands.has_leads', { cause: error });
    throw error;
  }
}

/** Whether a brand exists (contacts check their brand_id with it). */
export async function brandExists(db: Database, id: string): Promise<boolean> {
  const [row] = await db.select({ id: brands.id }).from(brands).where(eq(brands.id, id)).limit(1);
  return row !== undefined;
}
