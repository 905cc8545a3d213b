import type { LeadCreate, LeadCreateInput, LeadUpdateInput } from '@funil/shared';
import type { Lead } from '@/api/leads';

/**
 * The opportunity form's values: ids for the references, the year as the select's text, the
 * executive's id or null. A new lead starts empty (every required field says so on submit), with
 * the amounts at 0 and both flags off.
 */
export function toLeadFormValues(lead: Lead | null, brandId: string): LeadCreateInput {
  return {
    brand_id: lead?.brand_id.id ?? brandId,
    assessment: lead?.assessment ?? '',
    vertical: lead?.vertical.id ?? '',
    quota: lead?.quota.id ?? '',
    platform: lead?.platform.id ?? '',
    prospectus_year: lead ? String(lead.prospectus_year) : '',
    contract_status: lead?.contract_status ?? ('' as LeadCreateInput['contract_status']),
    executive: lead?.executive?.id ?? null,
    franchises: lead?.franchises ?? [],
    credit: lead?.credit ?? 0,
    invest: lead?.invest ?? 0,
    exchange: lead?.exchange ?? false,
    rouanet_law: lead?.rouanet_law ?? false,
  };
}

/** `POST /api/leads`: the form's values, leaving out an empty executive and an empty franchise list. */
export function toCreateBody(values: LeadCreate): LeadCreateInput {
  const { executive, franchises, ...rest } = values;
  return {
    ...rest,
    ...(executive ? { executive } : {}),
    ...(franchises.length > 0 ? { franchises } : {}),
  };
}

/**
 * `PATCH /api/leads/:id`: every field of the form but the brand, which the edit screen does not
 * change; `executive: null` and `franchises: []` clear them.
 */
export function toUpdateBody(values: LeadCreate): LeadUpdateInput {
  const { brand_id: _brand, ...rest } = values;
  return rest;
}
