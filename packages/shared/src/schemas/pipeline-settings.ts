import { z } from 'zod';
import { CONTRACT_STATUSES, type ContractStatus } from '../constants';

/**
 * The pipeline's settings: for each status, the probability that a deal in it is signed (the
 * forecast weighs each column's sums by it) and how many days a deal may stay in it before it is
 * "parado" (stale); null: never stale (signed, declined and cancelled deals are done); and whether
 * a deal in it holds a quota of the prospectus.
 */
export const PROBABILITY_MAX = 100;
export const STALE_AFTER_DAYS_MAX = 365;

/** A move into one of these statuses may carry the reason the deal was lost. */
export const LOST_STATUSES = ['declinado', 'cancelado'] as const satisfies readonly ContractStatus[];
export const isLostStatus = (status: ContractStatus): boolean =>
  (LOST_STATUSES as readonly ContractStatus[]).includes(status);

export const PIPELINE_DEFAULTS: Record<
  ContractStatus,
  { probability: number; stale_after_days: number | null; holds_quota: boolean }
> = {
  frio: { probability: 10, stale_after_days: 30, holds_quota: false },
  morno: { probability: 25, stale_after_days: 21, holds_quota: false },
  quente: { probability: 50, stale_after_days: 14, holds_quota: false },
  fechado: { probability: 80, stale_after_days: 14, holds_quota: true },
  no_juridico: { probability: 90, stale_after_days: 21, holds_quota: true },
  assinado: { probability: 100, stale_after_days: null, holds_quota: true },
  declinado: { probability: 0, stale_after_days: null, holds_quota: false },
  cancelado: { probability: 0, stale_after_days: null, holds_quota: false },
};

export const pipelineStatusSettingSchema = z.strictObject({
  contract_status: z.enum(CONTRACT_STATUSES, 'validation:lead.contract_status_invalid'),
  probability: z
    .number('validation:pipeline.probability_invalid')
    .int('validation:pipeline.probability_invalid')
    .min(0, 'validation:pipeline.probability_invalid')
    .max(PROBABILITY_MAX, 'validation:pipeline.probability_invalid'),
  stale_after_days: z
    .number('validation:pipeline.stale_after_days_invalid')
    .int('validation:pipeline.stale_after_days_invalid')
    .min(1, 'validation:pipeline.stale_after_days_invalid')
    .max(STALE_AFTER_DAYS_MAX, 'validation:pipeline.stale_after_days_invalid')
    .nullable(),
  /**
   * Whether an opportunity in this status takes a unit of the offerings of the prospectus it
   * matches (in `assinado` it counts as sold, in the others as held). Absent from a PUT: unchanged.
   */
  holds_quota: z.boolean('validation:common.boolean_invalid').optional(),
});
export type PipelineStatusSetting = z.infer<typeof pipelineStatusSettingSchema>;

/**
 * `GET /api/settings/pipeline` answers and `PUT` takes all 8 statuses, each once (answered in
 * pipeline order).
 */
export const pipelineSettingsSchema = z.strictObject({
  statuses: z
    .array(pipelineStatusSettingSchema, 'validation:pipeline.statuses_incomplete')
    .refine(
      (statuses) =>
        statuses.length === CONTRACT_STATUSES.length &&
        new Set(statuses.map((status) => status.contract_status)).size === CONTRACT_STATUSES.length,
      'validation:pipeline.statuses_incomplete',
    ),
});
export type PipelineSettings = z.infer<typeof pipelineSettingsSchema>;

/** What `GET` and `PUT /api/settings/pipeline` answer: every field of every status. */
export const pipelineSettingsResponseSchema = z.object({
  statuses: z.array(pipelineStatusSettingSchema.extend({ holds_quota: z.boolean() })),
});
export type PipelineSettingsResponse = z.infer<typeof pipelineSettingsResponseSchema>;

/** The settings of a new installation. */
export const defaultPipelineSettings = (): PipelineSettingsResponse => ({
  statuses: CONTRACT_STATUSES.map((status) => ({ contract_status: status, ...PIPELINE_DEFAULTS[status] })),
});
