import { z } from 'zod';
import { RECORD_STATUSES } from '../constants';
import { isValidCnpj, normalizeCnpj } from '../validation/cnpj';
import { listQuerySchema, listResponseSchema, optionalText, queryParam } from './common';

export const BRAND_SORT_FIELDS = ['createdAt', 'name', 'company_name'] as const;
export type BrandSortField = (typeof BRAND_SORT_FIELDS)[number];

const BRAND_TEXT_MAX = 200;

const requiredText = (key: string) =>
  z.string(key).trim().min(2, key).max(BRAND_TEXT_MAX, 'validation:common.text_too_long');

/**
 * A CNPJ as typed: with or without the mask, numeric or alphanumeric, any case. Empty is
 * "obrigatório"; anything else must pass the check digits; the value kept is its 14 characters
 * in upper case (12ABC34501DE35).
 */
export const cnpjSchema = z
  .string('validation:brand.cnpj_required')
  .trim()
  .min(1, { error: 'validation:brand.cnpj_required', abort: true })
  .refine(isValidCnpj, 'validation:brand.cnpj_invalid')
  .transform(normalizeCnpj);

const brandFields = {
  name: requiredText('validation:brand.name_required'),
  company_name: requiredText('validation:brand.company_name_required'),
  cnpj: cnpjSchema,
  area_of_activity: optionalText(BRAND_TEXT_MAX),
  segmentation: optionalText(BRAND_TEXT_MAX),
  responsible: optionalText(BRAND_TEXT_MAX),
  description: optionalText(2000),
  status: z.enum(RECORD_STATUSES, 'validation:brand.status_required'),
};

/** `POST /api/brands` and the brand form. Unknown fields: 400. */
export const brandCreateSchema = z.strictObject({
  ...brandFields,
  status: brandFields.status.default('active'),
});
export type BrandCreateInput = z.input<typeof brandCreateSchema>;
export type BrandCreate = z.output<typeof brandCreateSchema>;

/** `PATCH /api/brands/:id`: any of the fields; absent ones stay as they are, `null` clears an optional one. */
export const brandUpdateSchema = z.strictObject({
  name: brandFields.name.optional(),
  company_name: brandFields.company_name.optional(),
  cnpj: brandFields.cnpj.optional(),
  area_of_activity: brandFields.area_of_activity,
  segmentation: brandFields.segmentation,
  responsible: brandFields.responsible,
  description: brandFields.description,
  status: brandFields.status.optional(),
});
export type BrandUpdateInput = z.input<typeof brandUpdateSchema>;
export type BrandUpdate = z.output<typeof brandUpdateSchema>;

const searchText = queryParam(z.string().trim().max(200, 'validation:common.text_too_long').optional());

/**
 * `GET /api/brands`: `status`; `name` (the brand's name) and `search` (name, company name, CNPJ,
 * responsible, the principal contact's name and email), both case- and accent-insensitive
 * substrings; sort createdAt, name, company_name; pages of 20 by default.
 */
export const brandListQuerySchema = listQuerySchema(BRAND_SORT_FIELDS).extend({
  status: queryParam(z.enum(RECORD_STATUSES, 'validation:brand.status_required').optional()),
  name: searchText,
  search: searchText,
});
export type BrandListQuery = z.output<typeof brandListQuerySchema>;
export type BrandListParams = z.input<typeof brandListQuerySchema>;

/** The brand's principal contact as lists show it; null while the brand has none. */
export const principalContactSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone_number: z.string(),
});
export type PrincipalContact = z.infer<typeof principalContactSchema>;

export const brandSchema = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  company_name: z.string(),
  cnpj: z.string(),
  area_of_activity: z.string().nullable(),
  segmentation: z.string().nullable(),
  responsible: z.string().nullable(),
  description: z.string().nullable(),
  status: z.enum(RECORD_STATUSES),
  /** `/api/brands/:id/image?v=<content hash>`, or null without an image. */
  image_url: z.string().nullable(),
  principal_contact: principalContactSchema.nullable(),
  /** Open tasks on the brand itself, and the earliest one's due date (null without any). */
  open_tasks: z.number().int(),
  next_task_due_at: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Brand = z.infer<typeof brandSchema>;

export const brandListResponseSchema = listResponseSchema(brandSchema);
export type BrandListResponse = z.infer<typeof brandListResponseSchema>;
