import { z } from 'zod';
import { booleanParam, orderParam, queryParam, sortParam } from './common';
import { brandListQuerySchema } from './brands';
import { contactListQuerySchema } from './contacts';
import { LEAD_SORT_FIELDS } from '../constants/leads';
import { EXPORT_FORMATS, type SpreadsheetKind } from '../constants/spreadsheets';
import { leadFiltersSchema } from './leads';
import { offeringListQuerySchema } from './offerings';

/**
 * Spreadsheets in and out (docs/api.md, Spreadsheets). Export:
 * `GET /api/{leads,brands,contacts,offerings}/export` with the list's filters and sort and a
 * `format`. Import: `POST /api/{brands,leads,contacts,offerings}/import`, multipart with a `file`, an
 * optional `mapping`, `dry_run` and `on_duplicate`.
 */

const formatParam = queryParam(z.enum(EXPORT_FORMATS, 'validation:spreadsheet.format_invalid'));

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/**
 * `tz`: the IANA time zone the export's dates are written in (the browser sends its own, so a
 * deal created at 22:00 in São Paulo reads 22:00, not 01:00 the next day); UTC when absent.
 */
export const timeZoneParam = queryParam(
  z
    .string()
    .max(64, 'validation:spreadsheet.time_zone_invalid')
    .refine(isTimeZone, 'validation:spreadsheet.time_zone_invalid')
    .optional(),
);

const exportParams = { format: formatParam, tz: timeZoneParam };

/** `GET /api/leads/export`: the list's filters and sort (every matching lead, no paging). */
export const leadExportQuerySchema = leadFiltersSchema.extend({
  sort: sortParam(LEAD_SORT_FIELDS),
  order: orderParam,
  ...exportParams,
});
export type LeadExportQuery = z.output<typeof leadExportQuerySchema>;

/** `GET /api/brands/export`. */
export const brandExportQuerySchema = brandListQuerySchema
  .omit({ page: true, limit: true })
  .extend(exportParams);
export type BrandExportQuery = z.output<typeof brandExportQuerySchema>;

/** `GET /api/contacts/export`. */
export const contactExportQuerySchema = contactListQuerySchema
  .omit({ page: true, limit: true })
  .extend(exportParams);
export type ContactExportQuery = z.output<typeof contactExportQuerySchema>;

/** `GET /api/offerings/export`: the prospectus list's filters and sort. */
export const offeringExportQuerySchema = offeringListQuerySchema
  .omit({ page: true, limit: true })
  .extend(exportParams);
export type OfferingExportQuery = z.output<typeof offeringExportQuerySchema>;

/** An offering's columns an import reads, in a prospectus spreadsheet's order. */
export const OFFERING_COLUMNS = [
  'prospectus_year',
  'vertical',
  'platform',
  'quota',
  'franchise',
  'quantity',
  'list_price',
  'status',
] as const;

/** A brand's own columns, in a brands spreadsheet's order. */
export const BRAND_COLUMNS = [
  'name',
  'company_name',
  'cnpj',
  'area_of_activity',
  'segmentation',
  'responsible',
  'description',
  'status',
] as const;

/** A brands spreadsheet's columns of the brand's principal contact. */
const PRINCIPAL_CONTACT_COLUMNS = [
  'contact_first_name',
  'contact_last_name',
  'contact_position',
  'contact_email',
  'contact_phone',
] as const;

/**
 * Columns of each export, in order. Their headers are `spreadsheet:columns.<kind>.<column>` in the
 * request's language; an import recognises the same headers in any of the three languages.
 */
export const EXPORT_COLUMNS = {
  leads: [
    'brand_name',
    'brand_cnpj',
    'assessment',
    'vertical',
    'quota',
    'platform',
    'prospectus_year',
    'contract_status',
    'executive',
    'franchises',
    'credit',
    'invest',
    'exchange',
    'rouanet_law',
    'createdAt',
    'updatedAt',
  ],
  brands: [...BRAND_COLUMNS, ...PRINCIPAL_CONTACT_COLUMNS, 'createdAt', 'updatedAt'],
  contacts: [
    'brand_name',
    'brand_cnpj',
    'position',
    'first_name',
    'last_name',
    'email',
    'phone_number',
    'flag',
    'status',
    'createdAt',
    'updatedAt',
  ],
  // held, sold and available are the database's counts: written for the reader, never read back.
  offerings: [...OFFERING_COLUMNS, 'held', 'sold', 'available', 'createdAt', 'updatedAt'],
} as const satisfies Record<SpreadsheetKind, readonly string[]>;

/**
 * Fields an import fills, per kind: the export's columns without the timestamps the database
 * keeps (and, for offerings, without the stock it counts). A brand row carries its principal
 * contact; a lead or contact names its brand by CNPJ or by name; catalogue items by name or label;
 * a praça by its name (empty: a national offering); statuses, flags and yes/no by their labels.
 */
export const IMPORT_FIELDS = {
  leads: EXPORT_COLUMNS.leads.filter((column) => column !== 'createdAt' && column !== 'updatedAt'),
  // Import only, `contact_name`: one column with the contact's full name (first word: first name;
  // the rest: last name).
  brands: [...BRAND_COLUMNS, 'contact_name', ...PRINCIPAL_CONTACT_COLUMNS],
  contacts: EXPORT_COLUMNS.contacts.filter((column) => column !== 'createdAt' && column !== 'updatedAt'),
  offerings: OFFERING_COLUMNS,
} as const;
export type ImportField<K extends SpreadsheetKind = SpreadsheetKind> =
  (typeof EXPORT_COLUMNS)[K][number] | (typeof IMPORT_FIELDS)[K][number];

/** What an import does with a row whose record is already in Funil or earlier in the file. */
export const IMPORT_DUPLICATE_POLICIES = ['skip', 'update'] as const;
export type ImportDuplicatePolicy = (typeof IMPORT_DUPLICATE_POLICIES)[number];

/** At most this many data rows (the header aside) and this many bytes per imported file. */
export const IMPORT_MAX_ROWS = 10_000;
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/**
 * The import's options, sent as multipart fields beside `file` (or as query parameters; a field
 * wins). `mapping` is a JSON object from a column's header, as the file writes it, to a field of
 * the kind, or to `null` to ignore that column; headers it does not name are matched by name.
 */
export const importOptionsSchema = z.object({
  dry_run: booleanParam.transform((value) => value ?? true),
  on_duplicate: queryParam(
    z.enum(IMPORT_DUPLICATE_POLICIES, 'validation:spreadsheet.on_duplicate_invalid').default('skip'),
  ),
  mapping: queryParam(z.string().max(20_000, 'validation:spreadsheet.mapping_invalid').optional()),
});
export type ImportOptions = z.output<typeof importOptionsSchema>;

/** A problem of one row: the field it is in (null for the row as a whole) and its message. */
export const importIssueSchema = z.object({ field: z.string().nullable(), message: z.string() });

/**
 * What an import does with a row: create a record, update one (the fields that differ), leave an
 * equal one as it is (`unchanged`, nothing written), or skip the row (nothing of it written).
 */
export const IMPORT_ROW_ACTIONS = ['create', 'update', 'unchanged', 'skip'] as const;
export type ImportRowAction = (typeof IMPORT_ROW_ACTIONS)[number];

/**
 * What of a row was not written: the whole row (`row`), or only a brand row's principal contact
 * (`contact`: the brand was created or updated, its contact was incomplete or invalid).
 */
export const IMPORT_SKIPPED_PARTS = ['row', 'contact'] as const;

/**
 * The answer of an import, dry run or not. `row` is the spreadsheet's line number (header = 1).
 * `skipped` has one entry per row with something not written: its first problem (`field`,
 * `message`), every problem (`issues`), what was not written (`part`) and the record the row
 * names as a person knows it (`name`: the brand's name, or the contact's); `contacts_skipped`
 * counts its `contact` entries. `preview` has every data row, with the values read for each mapped
 * field, what the import does with it and all its problems; and `columns` says how each of the
 * file's columns was read, so a client can show and correct it.
 */
export const importResultSchema = z.object({
  dry_run: z.boolean(),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  contacts_skipped: z.number().int(),
  skipped: z.array(
    z.object({
      row: z.number().int(),
      field: z.string().nullable(),
      message: z.string(),
      part: z.enum(IMPORT_SKIPPED_PARTS),
      name: z.string().nullable(),
      issues: z.array(importIssueSchema),
    }),
  ),
  columns: z.array(z.object({ header: z.string(), field: z.string().nullable() })),
  preview: z.array(
    z.object({
      row: z.number().int(),
      action: z.enum(IMPORT_ROW_ACTIONS),
      values: z.record(z.string(), z.string()),
      issues: z.array(importIssueSchema),
    }),
  ),
});
export type ImportResult = z.infer<typeof importResultSchema>;
