import { CONTRACT_STATUSES, type PipelineSettings } from '@funil/shared';
import type { Path } from 'react-hook-form';

/**
 * What a number box holds, as the settings schema reads it: an empty box is null (for the days
 * until stale, "never"; for a probability, an error the schema names), anything else a number.
 */
export const numberOrNull = (value: unknown): number | null =>
  value === '' || value === null || value === undefined ? null : Number(value);

/** Every field of the form a server issue may name (`statuses.2.probability`), and the list itself. */
export const PIPELINE_SETTINGS_FIELDS: readonly Path<PipelineSettings>[] = [
  'statuses',
  ...CONTRACT_STATUSES.flatMap((_, index) => [
    `statuses.${index}.probability` as const,
    `statuses.${index}.stale_after_days` as const,
  ]),
];
