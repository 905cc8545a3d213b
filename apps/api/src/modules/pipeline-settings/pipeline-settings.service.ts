import {
  CONTRACT_STATUSES,
  type ContractStatus,
  defaultStatusSetting,
  PIPELINE_DEFAULTS,
  type PipelineSettings,
  type PipelineSettingsResponse,
  type StatusSettings,
} from '@funil/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { readRows } from '../../db/read-rows';
import { pipelineStatuses } from '../../db/schema';

/**
 * Each status's probability and days before stale, from `pipeline_statuses` (8 rows, read on every
 * summary so a change made through any process counts at once). A status missing from the table
 * (it never is: the migration seeds all 8) falls back to its default.
 */
export async function readStatusSettings(db: Database): Promise<StatusSettings> {
  const rows = await readRows(
    db,
    'pipeline_statuses',
    () => ({
      query: db
        .select({
          contractStatus: pipelineStatuses.contractStatus,
          probability: pipelineStatuses.probability,
          staleAfterDays: pipelineStatuses.staleAfterDays,
        })
        .from(pipelineStatuses),
      mapRows: (rows: unknown[][]) => rows as [ContractStatus, number, number | null][],
    }),
    {},
  );
  const stored = new Map(
    rows.map(([status, probability, staleAfterDays]) => [status, { probability, staleAfterDays }]),
  );
  return Object.fromEntries(
    CONTRACT_STATUSES.map((status) => [status, stored.get(status) ?? defaultStatusSetting(status)]),
  ) as StatusSettings;
}

/** GET /api/settings/pipeline: the 8 statuses in pipeline order. */
export async function getPipelineSettings(db: Database): Promise<PipelineSettingsResponse> {
  const settings = await readStatusSettings(db);
  const holding = new Map(
    (
      await db
        .select({ contractStatus: pipelineStatuses.contractStatus, holdsQuota: pipelineStatuses.holdsQuota })
        .from(pipelineStatuses)
    ).map((row) => [row.contractStatus, row.holdsQuota]),
  );
  return {
    statuses: CONTRACT_STATUSES.map((status) => ({
      contract_status: status,
      probability: settings[status].probability,
      stale_after_days: settings[status].staleAfterDays,
      holds_quota: holding.get(status) ?? PIPELINE_DEFAULTS[status].holds_quota,
    })),
  };
}

/**
 * PUT /api/settings/pipeline: all 8 statuses at once, in one statement. A status sent without
 * `holds_quota` keeps the stored one. A change of the statuses that hold a quota recounts every
 * offering's stock in the same statement (the database's trigger), and is refused (409 "Cota
 * esgotada: …", nothing changed) when some active offering would have more holders than units.
 */
export async function putPipelineSettings(
  db: Database,
  input: PipelineSettings,
): Promise<PipelineSettingsResponse> {
  await db
    .insert(pipelineStatuses)
    .values(
      input.statuses.map((status) => ({
        contractStatus: status.contract_status,
        probability: status.probability,
        staleAfterDays: status.stale_after_days,
        holdsQuota: status.holds_quota ?? PIPELINE_DEFAULTS[status.contract_status].holds_quota,
      })),
    )
    .onConflictDoUpdate({
      target: pipelineStatuses.contractStatus,
      set: {
        probability: sql`excluded.probability`,
        staleAfterDays: sql`excluded.stale_after_days`,
        holdsQuota: keepUnlessSent(input),
        updatedAt: sql`now()`,
      },
    });
  return getPipelineSettings(db);
}

/**
 * `holds_quota` on conflict: the sent value for the statuses that carry one, the stored value for
 * the others (a client that predates the field changes nothing it does not know about).
 */
function keepUnlessSent(input: PipelineSettings) {
  const sent = input.statuses
    .filter((status) => status.holds_quota !== undefined)
    .map((s) => s.contract_status);
  if (sent.length === 0) return sql`${pipelineStatuses.holdsQuota}`;
  return sql`case when excluded.contract_status = any(${sql.param(sent)}::text[]) then excluded.holds_quota
    else ${pipelineStatuses.holdsQuota} end`;
}
