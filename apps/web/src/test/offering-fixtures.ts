import { type Lead, type LeadStockItem, type Offering, offeringSchema } from '@funil/shared';

/**
 * An offering of the prospectus as the API answers it, with the year, vertical, platform and
 * quota of `lead` (so the lead takes it): national, 5 units, none held or sold, unless given.
 */
export function offeringFor(
  lead: Pick<Lead, 'prospectus_year' | 'vertical' | 'platform' | 'quota'>,
  overrides: Partial<Offering> = {},
): Offering {
  const quantity = overrides.quantity ?? 5;
  const held = overrides.held ?? 0;
  const sold = overrides.sold ?? 0;
  const id = overrides.id ?? '00000000-0000-4000-8000-000000070001';
  return offeringSchema.parse({
    id,
    _id: id,
    prospectus_year: lead.prospectus_year,
    vertical: lead.vertical,
    platform: lead.platform,
    quota: lead.quota,
    franchise: null,
    list_price: 450_000,
    status: 'active',
    createdAt: '2026-03-01T12:30:00.000Z',
    updatedAt: '2026-03-01T12:30:00.000Z',
    ...overrides,
    quantity,
    held,
    sold,
    available: overrides.available ?? quantity - held - sold,
  });
}

/** The entry a lead's `stock` has for the offering. */
export const stockItemOf = (offering: Offering): LeadStockItem => ({
  offering_id: offering.id,
  franchise: offering.franchise,
  quantity: offering.quantity,
  available: offering.available,
  list_price: offering.list_price,
});
