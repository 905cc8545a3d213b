import { z } from 'zod';
import { CONTACT_FLAGS, RECORD_STATUSES } from '../constants';
import { idSchema, listQuerySchema, listResponseSchema, optionalText, queryParam } from './common';

export const CONTACT_SORT_FIELDS = ['createdAt', 'first_name', 'last_name'] as const;
export type ContactSortField = (typeof CONTACT_SORT_FIELDS)[number];

/** Trimmed, then required: an all-space value is as missing as an empty one. */
const requiredText = (key: string) =>
  z.string(key).trim().min(1, key).max(100, 'validation:common.text_too_long');

/** Phones are kept as digits (with the country code, e.g. 5511999999999): 10 to 13 of them. */
export const phoneNumberSchema = z
  .string('validation:contact.phone_required')
  .trim()
  .min(1, 'validation:contact.phone_required')
  .transform((value) => value.replace(/\D/g, ''))
  .pipe(z.string().regex(/^\d{10,13}$/, 'validation:contact.phone_invalid'));

const contactEmailSchema = z
  .string('validation:contact.email_required')
  .trim()
  .min(1, 'validation:contact.email_required')
  .toLowerCase()
  .pipe(z.email('validation:contact.email_invalid').max(200, 'validation:contact.email_invalid'));

// Declared in the order a row is checked: first name, last name, email, phone (the first issue is
// the message answered, and the one a form shows first).
const contactFields = {
  position: optionalText(200),
  first_name: requiredText('validation:contact.first_name_required'),
  last_name: requiredText('validation:contact.last_name_required'),
  email: contactEmailSchema,
  phone_number: phoneNumberSchema,
  flag: z.enum(CONTACT_FLAGS, 'validation:contact.flag_invalid'),
  status: z.enum(RECORD_STATUSES, 'validation:contact.status_required'),
};

/** `POST /api/contacts`: new contacts are secundario and active unless told otherwise. */
export const contactCreateSchema = z.strictObject({
  brand_id: z.guid({
    error: (issue) =>
      issue.input === undefined ? 'validation:contact.brand_required' : 'validation:common.id_invalid',
  }),
  ...contactFields,
  flag: contactFields.flag.default('secundario'),
  status: contactFields.status.default('active'),
});
export type ContactCreateInput = z.input<typeof contactCreateSchema>;
export type ContactCreate = z.output<typeof contactCreateSchema>;

/** `PATCH /api/contacts/:id`: any field but the brand. */
export const contactUpdateSchema = z.strictObject({
  position: contactFields.position,
  first_name: contactFields.first_name.optional(),
  last_name: contactFields.last_name.optional(),
  email: contactFields.email.optional(),
  phone_number: contactFields.phone_number.optional(),
  flag: contactFields.flag.optional(),
  status: contactFields.status.optional(),
});
export type ContactUpdateInput = z.input<typeof contactUpdateSchema>;
export type ContactUpdate = z.output<typeof contactUpdateSchema>;

/** `GET /api/contacts`: brand_id, status, flag, search (position, names, email, phone). */
export const contactListQuerySchema = listQuerySchema(CONTACT_SORT_FIELDS).extend({
  brand_id: queryParam(idSchema.optional()),
  status: queryParam(z.enum(RECORD_STATUSES, 'validation:contact.status_required').optional()),
  flag: queryParam(z.enum(CONTACT_FLAGS, 'validation:contact.flag_invalid').optional()),
  search: queryParam(z.string().trim().max(200, 'validation:common.text_too_long').optional()),
});
export type ContactListQuery = z.output<typeof contactListQuerySchema>;
export type ContactListParams = z.input<typeof contactListQuerySchema>;

export const contactSchema = z.object({
  id: z.string(),
  _id: z.string(),
  brand_id: z.string(),
  position: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  flag: z.enum(CONTACT_FLAGS),
  status: z.enum(RECORD_STATUSES),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Contact = z.infer<typeof contactSchema>;

export const contactListResponseSchema = listResponseSchema(contactSchema);
export type ContactListResponse = z.infer<typeof contactListResponseSchema>;
