import { z } from 'zod';
import { CONTRACT_STATUSES, type ContractStatus } from '../constants';

/**
 * The pipeline's settings: for each status, the probability that a deal in it is signed (the
 * forecast weighs each column's sums by it) and how many days a deal may stay in it before it is
 * "parado" (stale); null: never stale (signed, declined and cancelled deals are done).
 */
export const PROBABILITY_MAX = 100;
export const STALE_AFTER_DAYS_MAX = 365;

/** A move into one of these statuses may carry the reason the deal was lost. */
export const LOST_STATUSES = ['declinado', 'cancelado'] as const satisfies readonly ContractStatus[];
export const isLostStatus = (status: ContractStatus): boolean =>
  (LOST_STATUSES as readonly ContractStatus[]).includes(status);

export const PIPELINE_DEFAULTS: Record<
  ContractStatus,
  { probability: number; stale_after_days: number | null }
> = {
  frio: { probability: 10, stale_after_days: 30 },
  morno: { probability: 25, stale_after_days: 21 },
  quente: { probability: 50, stale_after_days: 14 },
  fechado: { probability: 80, stale_after_days: 14 },
  no_juridico: { probability: 90, stale_after_days: 21 },
  assinado: { probability: 100, stale_after_days: null },
  declinado: { probability: 0, stale_after_days: null },
  cancelado: { probability: 0, stale_after_days: null },
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

/** The settings of a new installation. */
export const defaultPipelineSettings = (): PipelineSettings => ({
  statuses: CONTRACT_STATUSES.map((status) => ({ contract_status: status, ...PIPELINE_DEFAULTS[status] })),
});
