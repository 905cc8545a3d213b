import type { Brand, BrandCreate, BrandUpdateInput } from '@funil/shared';
import { changedFields } from '@/components/form/changed-fields';

/** The fields the brand form edits, in its order. */
const UPDATE_FIELDS = [
  'name',
  'company_name',
  'cnpj',
  'area_of_activity',
  'segmentation',
  'responsible',
  'description',
  'status',
] as const;

/** The brand as the form's checked values hold it: the CNPJ's digits, an empty text as null. */
const fieldsOf = (brand: Brand): Record<(typeof UPDATE_FIELDS)[number], unknown> => ({
  name: brand.name,
  company_name: brand.company_name,
  cnpj: brand.cnpj,
  area_of_activity: brand.area_of_activity,
  segmentation: brand.segmentation,
  responsible: brand.responsible,
  description: brand.description,
  status: brand.status,
});

/**
 * `PATCH /api/brands/:id`: only the fields that differ from the brand the form was opened with,
 * so a save never rewrites what someone else changed in another field. Empty when nothing changed.
 */
export function toBrandUpdateBody(values: BrandCreate, opened: Brand): BrandUpdateInput {
  const changed = changedFields(fieldsOf(opened), values, UPDATE_FIELDS);
  return Object.fromEntries(changed.map((field) => [field, values[field]])) as BrandUpdateInput;
}
