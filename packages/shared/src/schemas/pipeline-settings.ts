import { z } from 'zod';
import { CONTRACT_STATUSES } from '../constants';
import { PROBABILITY_MAX, STALE_AFTER_DAYS_MAX } from '../constants/pipeline-settings';

/**
 * The pipeline's settings: for each status, the probability that a deal in it is signed (the
 * forecast weighs each column's sums by it) and how many days a deal may stay in it before it is
 * "parado" (stale); null: never stale (signed, declined and cancelled deals are done); and whether
 * a deal in it holds a quota of the prospectus. Limits and defaults: ../constants/pipeline-settings.ts.
 */
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
