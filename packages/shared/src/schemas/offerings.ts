import { z } from 'zod';
import { RECORD_STATUSES } from '../constants';
import { booleanParam, idSchema, listQuerySchema, listResponseSchema, queryParam } from './common';
import { embeddedCatalogueItem, franchiseName, moneyAmount, prospectusYearSchema, requiredId } from './leads';

/**
 * The prospectus: each year's offerings — so many quotas of one type for one vertical and
 * platform, nationally or in one praça, at a table price each — and their stock.
 */
export const OFFERING_QUANTITY_MAX = 10_000;

export const OFFERING_SORT_FIELDS = ['prospectus_year', 'available', 'list_price', 'createdAt'] as const;
export type OfferingSortField = (typeof OFFERING_SORT_FIELDS)[number];

/** The `franchise` filter's value for national offerings (those of no praça). */
export const NATIONAL_FRANCHISE_FILTER = 'national';

const quantitySchema = z
  .number('validation:offering.quantity_invalid')
  .int('validation:offering.quantity_invalid')
  .min(1, 'validation:offering.quantity_invalid')
  .max(OFFERING_QUANTITY_MAX, 'validation:offering.quantity_invalid');

/** A praça's name, or null (or '') for a national offering. */
const offeringFranchiseSchema = z.preprocess(
  (value) => (value === '' ? null : value),
  franchiseName.nullable(),
);

const statusSchema = z.enum(RECORD_STATUSES, 'validation:catalogue.status_required');

// Declared in the dialog's order, so the first issue answered is the one a user meets first.
const offeringFields = {
  prospectus_year: prospectusYearSchema,
  vertical: requiredId('validation:lead.vertical_required'),
  platform: requiredId('validation:lead.platform_required'),
  quota: requiredId('validation:lead.quota_required'),
  franchise: offeringFranchiseSchema,
  quantity: quantitySchema,
  list_price: moneyAmount('validation:offering.list_price_invalid'),
  status: statusSchema,
};

/** `POST /api/offerings` and the offering dialog. Unknown fields: 400. */
export const offeringCreateSchema = z.strictObject({
  ...offeringFields,
  franchise: offeringFields.franchise.optional().transform((value) => value ?? null),
  list_price: offeringFields.list_price.default(0),
  status: offeringFields.status.default('active'),
});
export type OfferingCreateInput = z.input<typeof offeringCreateSchema>;
export type OfferingCreate = z.output<typeof offeringCreateSchema>;

/** `PATCH /api/offerings/:id`: any of the fields; absent ones stay as they are. */
export const offeringUpdateSchema = z.strictObject({
  prospectus_year: offeringFields.prospectus_year.optional(),
  vertical: offeringFields.vertical.optional(),
  platform: offeringFields.platform.optional(),
  quota: offeringFields.quota.optional(),
  franchise: offeringFields.franchise.optional(),
  quantity: offeringFields.quantity.optional(),
  list_price: offeringFields.list_price.optional(),
  status: offeringFields.status.optional(),
});
export type OfferingUpdateInput = z.input<typeof offeringUpdateSchema>;
export type OfferingUpdate = z.output<typeof offeringUpdateSchema>;

/**
 * `GET /api/offerings`: filters, sort (default `createdAt desc`), paged like every list.
 * `franchise` is a praça's name or `national`; `available=false` lists the sold-out ones.
 */
export const offeringListQuerySchema = listQuerySchema(OFFERING_SORT_FIELDS).extend({
  prospectus_year: queryParam(prospectusYearSchema.optional()),
  vertical: queryParam(idSchema.optional()),
  platform: queryParam(idSchema.optional()),
  quota: queryParam(idSchema.optional()),
  franchise: queryParam(franchiseName.optional()),
  status: queryParam(statusSchema.optional()),
  available: booleanParam,
});
export type OfferingListQuery = z.output<typeof offeringListQuerySchema>;
export type OfferingListParams = z.input<typeof offeringListQuerySchema>;

export const offeringSchema = z.object({
  id: z.string(),
  _id: z.string(),
  prospectus_year: z.number().int(),
  vertical: embeddedCatalogueItem,
  platform: embeddedCatalogueItem,
  quota: embeddedCatalogueItem,
  /** The praça's name; null for a national offering. */
  franchise: z.string().nullable(),
  quantity: z.number().int(),
  list_price: z.number(),
  status: z.enum(RECORD_STATUSES),
  /** Opportunities holding a unit now, in a holding status other than `assinado`. */
  held: z.number().int(),
  /** Opportunities in `assinado` (when it holds a quota). */
  sold: z.number().int(),
  /** quantity − held − sold. */
  available: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Offering = z.infer<typeof offeringSchema>;

export const offeringListResponseSchema = listResponseSchema(offeringSchema);
export type OfferingListResponse = z.infer<typeof offeringListResponseSchema>;

/** `GET /api/offerings/summary`: one year (every year without it). */
export const offeringSummaryQuerySchema = z.object({
  prospectus_year: queryParam(prospectusYearSchema.optional()),
});
export type OfferingSummaryQuery = z.output<typeof offeringSummaryQuerySchema>;

/**
 * Over the year's active offerings: their units, held, sold and available; `potential`, every unit
 * at table price; `sold_credit` and `held_credit`, the credit of the distinct opportunities that
 * take them (each counted once, however many offerings it takes).
 */
export const offeringSummarySchema = z.object({
  quantity: z.number().int(),
  held: z.number().int(),
  sold: z.number().int(),
  available: z.number().int(),
  potential: z.number(),
  sold_credit: z.number(),
  held_credit: z.number(),
});
export type OfferingSummary = z.infer<typeof offeringSummarySchema>;
