import type { OfferingCreate, OfferingCreateInput, OfferingUpdateInput } from '@funil/shared';
import type { Offering } from '@/api/offerings';

/** The form's fields, in the dialog's order: a server issue naming one of them lands on it. */
export const OFFERING_FORM_FIELDS = [
  'prospectus_year',
  'vertical',
  'platform',
  'quota',
  'franchise',
  'quantity',
  'list_price',
  'status',
] as const;

/**
 * What the dialog opens with: the offering as it is, or a new active national one of `year` with
 * no quantity yet (the schema asks for one).
 */
export function toOfferingFormValues(offering: Offering | null, year: number): Partial<OfferingCreateInput> {
  if (!offering) {
    return {
      prospectus_year: String(year),
      vertical: '',
      platform: '',
      quota: '',
      franchise: null,
      status: 'active',
    };
  }
  return {
    prospectus_year: String(offering.prospectus_year),
    vertical: offering.vertical.id,
    platform: offering.platform.id,
    quota: offering.quota.id,
    franchise: offering.franchise,
    quantity: offering.quantity,
    list_price: offering.list_price,
    status: offering.status,
  };
}

/**
 * An edit's PATCH body: only what differs from the offering as it was opened, so a change of
 * price alone never re-checks the stock of a key nobody touched.
 */
export function offeringChanges(offering: Offering, values: OfferingCreate): OfferingUpdateInput {
  const before: OfferingCreate = {
    prospectus_year: offering.prospectus_year as OfferingCreate['prospectus_year'],
    vertical: offering.vertical.id,
    platform: offering.platform.id,
    quota: offering.quota.id,
    franchise: offering.franchise,
    quantity: offering.quantity,
    list_price: offering.list_price,
    status: offering.status,
  };
  const changes: Record<string, unknown> = {};
  for (const field of OFFERING_FORM_FIELDS) {
    if (values[field] !== before[field]) changes[field] = values[field];
  }
  return changes as OfferingUpdateInput;
}
