import { z } from 'zod';
import { taskFilterParam } from './tasks';
import { CONTRACT_STATUSES, type ContractStatus, PROSPECTUS_YEARS } from '../constants';
import { booleanParam, idSchema, listQuerySchema, listResponseSchema, queryParam } from './common';
import { isLostStatus } from '../constants/pipeline-settings';
import { BULK_MAX_LEADS, LEAD_SORT_FIELDS, LOST_REASON_MAX_LENGTH } from '../constants/leads';

/** numeric(14,2): the largest amount the column holds. */
export const MONEY_MAX = 999_999_999_999.99;
export const ASSESSMENT_MAX_LENGTH = 100;
/** Franchise names one lead may carry (there are a few dozen markets). */
export const LEAD_FRANCHISES_MAX = 100;

/** A required reference: "X é obrigatória" when absent, the generic id message when malformed. */
export const requiredId = (requiredKey: string) =>
  z.guid({
    error: (issue) =>
      issue.input === undefined || issue.input === '' ? requiredKey : 'validation:common.id_invalid',
  });

const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** A BRL amount: a JSON number ≥ 0 with at most two decimals (never a string), `messageKey` if not. */
export const moneyAmount = (messageKey: string) =>
  z.number(messageKey).min(0, messageKey).max(MONEY_MAX, messageKey).refine(hasAtMostTwoDecimals, messageKey);

/** A lead's amounts (credit, invest). */
export const moneySchema = moneyAmount('validation:lead.amount_invalid');

export const contractStatusSchema = z.enum(CONTRACT_STATUSES, {
  error: (issue) =>
    issue.input === undefined || issue.input === ''
      ? 'validation:lead.contract_status_required'
      : 'validation:lead.contract_status_invalid',
});

const isProspectusYear = (year: number) => (PROSPECTUS_YEARS as readonly number[]).includes(year);

/** 2026, 2027 or 2028; a form's select gives the text "2026", which is taken as the number. */
export const prospectusYearSchema = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{4}$/.test(value.trim()) ? Number(value) : value),
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === ''
          ? 'validation:lead.prospectus_year_required'
          : 'validation:lead.prospectus_year_invalid',
    })
    .refine(isProspectusYear, 'validation:lead.prospectus_year_invalid'),
);

export const franchiseName = z
  .string('validation:lead.franchise_invalid')
  .trim()
  .min(1, 'validation:lead.franchise_invalid')
  .max(100, 'validation:lead.franchise_invalid');

/** Franchise names (each must name a franchise); repeated names count once. */
export const leadFranchisesSchema = z
  .array(franchiseName, 'validation:lead.franchise_invalid')
  .max(LEAD_FRANCHISES_MAX, 'validation:lead.franchise_invalid')
  .transform((names) => [...new Set(names)]);

/** The executive: a user id, or null / '' for none. */
const executiveSchema = z.preprocess((value) => (value === '' ? null : value), idSchema.nullable());

// Declared in the form's order, so the first issue answered is the one a user meets first.
const leadFields = {
  brand_id: requiredId('validation:lead.brand_required'),
  assessment: z
    .string('validation:lead.assessment_required')
    .trim()
    .min(1, 'validation:lead.assessment_required')
    .max(ASSESSMENT_MAX_LENGTH, 'validation:lead.assessment_too_long'),
  vertical: requiredId('validation:lead.vertical_required'),
  quota: requiredId('validation:lead.quota_required'),
  platform: requiredId('validation:lead.platform_required'),
  prospectus_year: prospectusYearSchema,
  contract_status: contractStatusSchema,
  executive: executiveSchema,
  franchises: leadFranchisesSchema,
  credit: moneySchema,
  invest: moneySchema,
  exchange: z.boolean('validation:common.boolean_invalid'),
  rouanet_law: z.boolean('validation:common.boolean_invalid'),
};

/** `POST /api/leads` and the opportunity form. Unknown fields: 400. */
export const leadCreateSchema = z.strictObject({
  ...leadFields,
  executive: leadFields.executive.optional().transform((value) => value ?? null),
  franchises: leadFields.franchises.default([]),
  credit: leadFields.credit.default(0),
  invest: leadFields.invest.default(0),
  exchange: leadFields.exchange.default(false),
  rouanet_law: leadFields.rouanet_law.default(false),
});
export type LeadCreateInput = z.input<typeof leadCreateSchema>;
export type LeadCreate = z.output<typeof leadCreateSchema>;

/**
 * Why a deal was lost, with a move to Declinado or Cancelado: trimmed, at most 500 characters;
 * empty is no reason (the dialog's "skip").
 */
export const lostReasonSchema = z
  .string('validation:lead.reason_too_long')
  .trim()
  .max(LOST_REASON_MAX_LENGTH, 'validation:lead.reason_too_long')
  .transform((reason) => reason || undefined)
  .optional();

const isLostMove = (status: ContractStatus | undefined) => status !== undefined && isLostStatus(status);

/**
 * `PATCH /api/leads/:id`: any stored field; absent ones stay as they are; `executive: null` and
 * `franchises: []` clear them. The board sends `{contract_status}` alone. A move to Declinado or
 * Cancelado may carry `reason`, kept in the history entry (a reason with any other body: 400).
 */
export const leadUpdateSchema = z
  .strictObject({
    brand_id: leadFields.brand_id.optional(),
    assessment: leadFields.assessment.optional(),
    vertical: leadFields.vertical.optional(),
    quota: leadFields.quota.optional(),
    platform: leadFields.platform.optional(),
    prospectus_year: leadFields.prospectus_year.optional(),
    contract_status: leadFields.contract_status.optional(),
    executive: leadFields.executive.optional(),
    franchises: leadFields.franchises.optional(),
    credit: leadFields.credit.optional(),
    invest: leadFields.invest.optional(),
    exchange: leadFields.exchange.optional(),
    rouanet_law: leadFields.rouanet_law.optional(),
    reason: lostReasonSchema,
  })
  .refine((update) => update.reason === undefined || isLostMove(update.contract_status), {
    message: 'validation:lead.reason_not_lost',
    path: ['reason'],
  });
export type LeadUpdateInput = z.input<typeof leadUpdateSchema>;
export type LeadUpdate = z.output<typeof leadUpdateSchema>;

const bulkIds = z
  .array(idSchema, 'validation:lead.bulk_ids')
  .min(1, 'validation:lead.bulk_ids')
  .max(BULK_MAX_LEADS, 'validation:lead.bulk_ids')
  .transform((ids) => [...new Set(ids)]);

/**
 * `POST /api/leads/bulk`: move the selected leads to one status (with the reason a deal was lost,
 * for Declinado or Cancelado), or delete them; all or none, in one transaction.
 */
export const leadBulkSchema = z
  .strictObject({
    ids: bulkIds,
    contract_status: contractStatusSchema.optional(),
    reason: lostReasonSchema,
    delete: z.literal(true, 'validation:lead.bulk_action').optional(),
  })
  .refine((bulk) => (bulk.contract_status === undefined) !== (bulk.delete === undefined), {
    message: 'validation:lead.bulk_action',
  })
  .refine((bulk) => bulk.reason === undefined || isLostMove(bulk.contract_status), {
    message: 'validation:lead.reason_not_lost',
    path: ['reason'],
  });
export type LeadBulkInput = z.input<typeof leadBulkSchema>;
export type LeadBulk = z.output<typeof leadBulkSchema>;

export const leadBulkResultSchema = z.union([
  z.object({ updated: z.number().int() }),
  z.object({ deleted: z.number().int() }),
]);
export type LeadBulkResult = z.infer<typeof leadBulkResultSchema>;

/** A query parameter that may be repeated (`franchise=A&franchise=B`): always a list. */
const repeatedParam = <T extends z.ZodType>(item: T) =>
  queryParam(
    z
      .union([item, z.array(item)])
      .transform((value) => (Array.isArray(value) ? value : [value]) as z.output<T>[])
      .optional(),
  );

/** `contract_status=frio` or `contract_status=frio,morno`: one status or several. */
const contractStatusListParam = queryParam(
  z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((status) => status.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(CONTRACT_STATUSES, 'validation:lead.contract_status_invalid')))
    .optional(),
);

/**
 * The filters every lead query takes: the list, the summary and the board (docs/api.md, Leads).
 * Every one runs on the server; `franchise` matches leads with any of the names; `search` is a
 * case- and accent-insensitive substring of the brand's name.
 */
export const leadFiltersSchema = z.object({
  brand_id: queryParam(idSchema.optional()),
  assessment: queryParam(
    z.string().trim().max(ASSESSMENT_MAX_LENGTH, 'validation:lead.assessment_too_long').optional(),
  ),
  vertical: queryParam(idSchema.optional()),
  quota: queryParam(idSchema.optional()),
  platform: queryParam(idSchema.optional()),
  executive: queryParam(idSchema.optional()),
  prospectus_year: queryParam(prospectusYearSchema.optional()),
  contract_status: contractStatusListParam,
  exchange: booleanParam,
  rouanet_law: booleanParam,
  franchise: repeatedParam(franchiseName),
  search: queryParam(z.string().trim().max(200, 'validation:common.text_too_long').optional()),
  /** Longer in their status than its `stale_after_days` ("parados"), or not. */
  stale: booleanParam,
  /** Leads with an overdue open task, with any open task, or with none. */
  task: taskFilterParam,
  /** The opportunities that take this offering (its year, vertical, platform, quota and praça), whatever their status. */
  offering: queryParam(idSchema.optional()),
});
export type LeadFilters = z.output<typeof leadFiltersSchema>;
export type LeadFilterParams = z.input<typeof leadFiltersSchema>;

/**
 * An opaque keyset position: the last lead of a page in the default order (`createdAt desc, id
 * desc`). `GET /api/leads?cursor=…` answers the page after it at the cost of the first page,
 * however deep; each list answer carries `next_cursor` for the next one.
 */
export const cursorParam = queryParam(
  z
    .string()
    .max(200, 'validation:list.cursor_invalid')
    .regex(/^[A-Za-z0-9_-]+$/, 'validation:list.cursor_invalid')
    .optional(),
);

/** `GET /api/leads`: filters, sort (default `createdAt desc`), page or cursor, limit ≤ 100. */
export const leadListQuerySchema = listQuerySchema(LEAD_SORT_FIELDS)
  .extend(leadFiltersSchema.shape)
  .extend({ cursor: cursorParam });
export type LeadListQuery = z.output<typeof leadListQuerySchema>;
export type LeadListParams = z.input<typeof leadListQuerySchema>;

/** `GET /api/leads/board`: the filters and how many cards each column's first page holds. */
export const leadBoardQuerySchema = leadFiltersSchema.omit({ contract_status: true }).extend({
  limit: listQuerySchema(LEAD_SORT_FIELDS).shape.limit,
});
export type LeadBoardQuery = z.output<typeof leadBoardQuerySchema>;
export type LeadBoardParams = z.input<typeof leadBoardQuerySchema>;

export const embeddedCatalogueItem = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  label: z.string(),
});

/**
 * One offering of the prospectus an opportunity takes (or would take, in a status that holds a
 * quota): an active offering of its year, vertical, platform and quota, national or of one of its
 * praças.
 */
export const leadStockItemSchema = z.object({
  offering_id: z.string(),
  /** The praça's name; null for a national offering. */
  franchise: z.string().nullable(),
  quantity: z.number().int(),
  available: z.number().int(),
  list_price: z.number(),
});
export type LeadStockItem = z.infer<typeof leadStockItemSchema>;

export const leadSchema = z.object({
  id: z.string(),
  _id: z.string(),
  brand_id: z.object({
    id: z.string(),
    _id: z.string(),
    name: z.string(),
    company_name: z.string(),
    cnpj: z.string(),
    area_of_activity: z.string().nullable(),
    segmentation: z.string().nullable(),
  }),
  assessment: z.string(),
  vertical: embeddedCatalogueItem,
  quota: embeddedCatalogueItem,
  platform: embeddedCatalogueItem,
  prospectus_year: z.number().int(),
  contract_status: z.enum(CONTRACT_STATUSES),
  /** When the lead entered its current status. */
  status_changed_at: z.iso.datetime(),
  /** In its status for longer than the status's `stale_after_days`. */
  stale: z.boolean(),
  executive: z.object({ id: z.string(), _id: z.string(), name: z.string(), email: z.string() }).nullable(),
  /** Franchise names, sorted. */
  franchises: z.array(z.string()),
  credit: z.number(),
  invest: z.number(),
  exchange: z.boolean(),
  rouanet_law: z.boolean(),
  /** Open tasks on the opportunity, and the earliest one's due date (null without any). */
  open_tasks: z.number().int(),
  next_task_due_at: z.iso.datetime().nullable(),
  /** The offerings it takes or would take (national first, then by praça); empty when none matches. */
  stock: z.array(leadStockItemSchema),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Lead = z.infer<typeof leadSchema>;

/** The list, with the keyset position of its last lead when the order is the default one. */
export const leadListResponseSchema = listResponseSchema(leadSchema).extend({
  next_cursor: z.string().nullable(),
});
export type LeadListResponse = z.infer<typeof leadListResponseSchema>;

/** One pipeline column's true count and sums under the filters. */
export const leadColumnTotalsSchema = z.object({
  contract_status: z.enum(CONTRACT_STATUSES),
  count: z.number().int(),
  credit: z.number(),
  invest: z.number(),
  /** The status's probability of signing, in percent (the pipeline's settings). */
  probability: z.number().int(),
  /** The sums weighed by that probability (the forecast). */
  weighted_credit: z.number(),
  weighted_invest: z.number(),
  /** Leads of the column that are stale. */
  stale_count: z.number().int(),
});
export type LeadColumnTotals = z.infer<typeof leadColumnTotalsSchema>;

/** `GET /api/leads/summary`: the 8 statuses, in pipeline order, zeros included. */
export const leadSummarySchema = z.object({ columns: z.array(leadColumnTotalsSchema) });
export type LeadSummary = z.infer<typeof leadSummarySchema>;

/** `GET /api/leads/board`: each column's totals and first page, so a board paints after one call. */
export const leadBoardSchema = z.object({
  columns: z.array(
    leadColumnTotalsSchema.extend({ data: z.array(leadSchema), next_cursor: z.string().nullable() }),
  ),
});
export type LeadBoard = z.infer<typeof leadBoardSchema>;

export const leadStatusChangeSchema = z.object({
  id: z.string(),
  _id: z.string(),
  from_status: z.enum(CONTRACT_STATUSES).nullable(),
  to_status: z.enum(CONTRACT_STATUSES),
  /** Why the deal was lost, on a move to Declinado or Cancelado that gave one. */
  reason: z.string().nullable(),
  /** Who made the change; null once that user is deleted. */
  user: z.object({ id: z.string(), _id: z.string(), name: z.string(), email: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
});
export type LeadStatusChange = z.infer<typeof leadStatusChangeSchema>;

/** `GET /api/leads/:id/history`: newest first. */
export const leadHistorySchema = z.object({ data: z.array(leadStatusChangeSchema) });
export type LeadHistory = z.infer<typeof leadHistorySchema>;
