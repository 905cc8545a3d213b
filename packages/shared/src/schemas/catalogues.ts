import { z } from 'zod';
import { NAME_MAX_LENGTH, NAME_MIN_LENGTH, RECORD_STATUSES } from '../constants';
import { listQuerySchema, listResponseSchema, queryParam } from './common';

/** The three catalogues (docs/api.md, Catalogues), by their path under /api. */
export const CATALOGUE_RESOURCES = ['verticals', 'quotas', 'platforms'] as const;
export type CatalogueResource = (typeof CATALOGUE_RESOURCES)[number];

export const CATALOGUE_SORT_FIELDS = ['createdAt', 'updatedAt', 'name', 'label'] as const;
export type CatalogueSortField = (typeof CATALOGUE_SORT_FIELDS)[number];

/** Trimmed, upper-cased, then 2 to 100 characters: the form and the API check the same text. */
const upperCasedText = (minKey: string, maxKey: string) =>
  z.string(minKey).trim().toUpperCase().min(NAME_MIN_LENGTH, minKey).max(NAME_MAX_LENGTH, maxKey);

const nameSchema = upperCasedText('validation:catalogue.name_min', 'validation:catalogue.name_max');
const labelSchema = upperCasedText('validation:catalogue.label_min', 'validation:catalogue.label_max');
const statusSchema = z.enum(RECORD_STATUSES, 'validation:catalogue.status_required');

/** `POST /api/{verticals,quotas,platforms}` and the create/edit dialog. Unknown fields: 400. */
export const catalogueCreateSchema = z.strictObject({
  name: nameSchema,
  label: labelSchema,
  status: statusSchema.default('active'),
});
export type CatalogueCreateInput = z.input<typeof catalogueCreateSchema>;
export type CatalogueCreate = z.output<typeof catalogueCreateSchema>;

/** `PATCH /api/{resource}/:id`: any of the fields; absent ones stay as they are. */
export const catalogueUpdateSchema = z.strictObject({
  name: nameSchema.optional(),
  label: labelSchema.optional(),
  status: statusSchema.optional(),
});
export type CatalogueUpdateInput = z.input<typeof catalogueUpdateSchema>;
export type CatalogueUpdate = z.output<typeof catalogueUpdateSchema>;

/**
 * `GET /api/{resource}`: `status`, `search` (name or label, case- and accent-insensitive), sort and
 * order; with neither `page` nor `limit`, every row on one page.
 */
export const catalogueListQuerySchema = listQuerySchema(CATALOGUE_SORT_FIELDS, {
  pagingOptional: true,
}).extend({
  status: queryParam(statusSchema.optional()),
  search: queryParam(z.string().trim().max(200, 'validation:common.text_too_long').optional()),
});
export type CatalogueListQuery = z.output<typeof catalogueListQuerySchema>;

export const catalogueItemSchema = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  label: z.string(),
  status: z.enum(RECORD_STATUSES),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type CatalogueItem = z.infer<typeof catalogueItemSchema>;

export const catalogueListResponseSchema = listResponseSchema(catalogueItemSchema);
export type CatalogueListResponse = z.infer<typeof catalogueListResponseSchema>;
