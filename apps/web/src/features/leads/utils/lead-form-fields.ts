/** The fields a user edits on the opportunity form, in its order (the brand is fixed there). */
export const LEAD_FORM_FIELDS = [
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
] as const;

export type LeadFormField = (typeof LEAD_FORM_FIELDS)[number];
