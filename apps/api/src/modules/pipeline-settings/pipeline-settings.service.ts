import {
  CONTRACT_STATUSES,
  type ContractStatus,
  defaultStatusSetting,
  type PipelineSettings,
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
export async function getPipelineSettings(db: Database): Promise<PipelineSettings> {
  const settings = await readStatusSettings(db);
  return {
    statuses: CONTRACT_STATUSES.map((status) => ({
      contract_status: status,
      probability: settings[status].probability,
      stale_after_days: settings[status].staleAfterDays,
    })),
  };
}

/** PUT /api/settings/pipeline: all 8 statuses at once, in one statement. */
export async function putPipelineSettings(db: Database, input: PipelineSettings): Promise<PipelineSettings> {
  await db
    .insert(pipelineStatuses)
    .values(
      input.statuses.map((status) => ({
        contractStatus: status.contract_status,
        probability: status.probability,
        staleAfterDays: status.stale_after_days,
      })),
    )
    .onConflictDoUpdate({
      target: pipelineStatuses.contractStatus,
      set: {
        probability: sql`excluded.probability`,
        staleAfterDays: sql`excluded.stale_after_days`,
        updatedAt: sql`now()`,
      },
    });
  return getPipelineSettings(db);
}
