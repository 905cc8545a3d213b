import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  createdAt,
  editVersion,
  id,
  normalisedForSearch,
  recordStatus,
  recordStatusCheck,
  updatedAt,
} from './columns';

export const brands = pgTable(
  'brands',
  {
    id: id(),
    name: text('name').notNull(),
    companyName: text('company_name').notNull(),
    /**
     * 14 characters without punctuation, upper case: numeric, or alphanumeric (12 of 0-9/A-Z and
     * two check digits). Not unique: one company may own several brands.
     */
    cnpj: text('cnpj').notNull(),
    areaOfActivity: text('area_of_activity'),
    segmentation: text('segmentation'),
    responsible: text('responsible'),
    description: text('description'),
    status: recordStatus(),
    /** The picture's name in the picture store; the hash versions the public URL for long caching. */
    imageFile: text('image_file'),
    imageHash: text('image_hash'),
    /** The open tasks on the brand itself and the earliest one's due date (the tasks' triggers). */
    openTasks: integer('open_tasks').notNull().default(0),
    nextTaskDueAt: timestamp('next_task_due_at', { withTimezone: true }),
    version: editVersion(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // The search box's texts, normalised once when written (`normalisedForSearch`): matching reads
    // them as they are, where normalising on the fly cost ~5 µs a text, 570 ms for a one- or
    // two-letter search over 20,000 brands (too short for trigrams, so every brand is read).
    nameSearch: normalisedForSearch('name_search', 'name'),
    companyNameSearch: normalisedForSearch('company_name_search', 'company_name'),
    responsibleSearch: normalisedForSearch('responsible_search', 'responsible'),
  },
  (table) => [
    check('brands_cnpj_format', sql`${table.cnpj} ~ '^[0-9A-Z]{12}[0-9]{2}$'`),
    check('brands_status_check', recordStatusCheck('status')),
    index('brands_status_idx').on(table.status),
    index('brands_created_at_idx').on(table.createdAt),
    index('brands_cnpj_idx').on(table.cnpj),
    // Sorting and prefix matches on the normalised name.
    index('brands_name_search_idx').on(table.nameSearch),
    index('brands_company_name_search_idx').on(table.companyNameSearch),
    // Substring search (`containsNormalised`: x_search like '%…%'): trigrams (pg_trgm).
    index('brands_name_trgm_idx').using('gin', sql`${table.nameSearch} gin_trgm_ops`),
    index('brands_company_name_trgm_idx').using('gin', sql`${table.companyNameSearch} gin_trgm_ops`),
    index('brands_responsible_trgm_idx').using('gin', sql`${table.responsibleSearch} gin_trgm_ops`),
    index('brands_cnpj_trgm_idx').using('gin', sql`${table.cnpj} gin_trgm_ops`),
  ],
);

export const contacts = pgTable(
  'contacts',
  {
    id: id(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    position: text('position'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    /** Digits only, 10 to 13. */
    phoneNumber: text('phone_number').notNull(),
    flag: text('flag', { enum: ['principal', 'secundario'] })
      .notNull()
      .default('secundario'),
    status: recordStatus(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // The brand list's search over the principal contact, normalised when written (as the brand's).
    fullNameSearch: normalisedForSearch('full_name_search', "first_name || ' ' || last_name"),
    emailSearch: normalisedForSearch('email_search', 'email'),
  },
  (table) => [
    check('contacts_flag_check', sql`${table.flag} in ('principal', 'secundario')`),
    check('contacts_status_check', recordStatusCheck('status')),
    index('contacts_brand_id_idx').on(table.brandId),
    // The database, not the service, guarantees one principal contact per brand.
    uniqueIndex('contacts_one_principal_per_brand')
      .on(table.brandId)
      .where(sql`${table.flag} = 'principal'`),
    // The brand list's search over the principal contact's name and email (brands.service.ts).
    index('contacts_principal_name_trgm_idx')
      .using('gin', sql`${table.fullNameSearch} gin_trgm_ops`)
      .where(sql`${table.flag} = 'principal'`),
    index('contacts_principal_email_trgm_idx')
      .using('gin', sql`${table.emailSearch} gin_trgm_ops`)
      .where(sql`${table.flag} = 'principal'`),
  ],
);
