// A lead's limits and names, without zod: the web's first screens use them without the schemas.

/**
 * Sort fields of `GET /api/leads`: the lead's own fields, and the list view's columns that name a
 * related record (`brand`, `vertical`, `quota`, `platform` and `executive`, by name), so every
 * column the list shows sorts on the server (docs/api.md, Leads).
 */
export const LEAD_SORT_FIELDS = [
  'createdAt',
  'updatedAt',
  'credit',
  'invest',
  'assessment',
  'prospectus_year',
  'contract_status',
  'brand',
  'vertical',
  'quota',
  'platform',
  'executive',
] as const;
export type LeadSortField = (typeof LEAD_SORT_FIELDS)[number];

/** The longest reason a lost deal may carry. */
export const LOST_REASON_MAX_LENGTH = 500;

/** At most this many leads per bulk move or delete (a board's selection, page by page). */
export const BULK_MAX_LEADS = 500;
