import type { LeadCreate, LeadCreateInput, LeadUpdateInput } from '@funil/shared';
import type { Lead } from '@/api/leads';
import { changedFields } from '@/components/form/changed-fields';
import { LEAD_FORM_FIELDS } from './lead-form-fields';

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

type UpdateFields = Omit<LeadCreate, 'brand_id'>;

/** A lead as the form's checked values hold it; its franchises in name order, as sets compare. */
const comparable = (values: UpdateFields): UpdateFields => ({
  ...values,
  franchises: [...values.franchises].sort(),
});

const fieldsOf = (lead: Lead): UpdateFields => ({
  assessment: lead.assessment,
  vertical: lead.vertical.id,
  quota: lead.quota.id,
  platform: lead.platform.id,
  prospectus_year: lead.prospectus_year,
  contract_status: lead.contract_status,
  executive: lead.executive?.id ?? null,
  franchises: lead.franchises,
  credit: lead.credit,
  invest: lead.invest,
  exchange: lead.exchange,
  rouanet_law: lead.rouanet_law,
});

/**
 * `PATCH /api/leads/:id`: only the fields that differ from the lead the form was opened with
 * (`executive: null` and `franchises: []` clear them; the franchises only when the set changed),
 * so a save never rewrites what someone else changed in another field. Empty when nothing changed.
 */
export function toUpdateBody(values: LeadCreate, opened: Lead): LeadUpdateInput {
  const { brand_id: _brand, ...next } = values;
  const changed = changedFields(comparable(fieldsOf(opened)), comparable(next), LEAD_FORM_FIELDS);
  return Object.fromEntries(changed.map((field) => [field, next[field]])) as LeadUpdateInput;
}
