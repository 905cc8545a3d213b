// The pipeline settings' limits and defaults, without zod: the board uses them without the schemas.
import type { PipelineSettingsResponse } from '../schemas/pipeline-settings';
import { CONTRACT_STATUSES, type ContractStatus } from './index';

/** The highest probability a status may be given, and the most days before a deal is "parado". */
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

/** The settings of a new installation. */
export const defaultPipelineSettings = (): PipelineSettingsResponse => ({
  statuses: CONTRACT_STATUSES.map((status) => ({ contract_status: status, ...PIPELINE_DEFAULTS[status] })),
});
