import { type ContractStatus, type LeadBulk, type LeadBulkResult } from '@funil/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isAnyIdOfJson } from '../../db/any-of-json';
import { writeAs } from '../../db/write-as';
import { leads, leadStatusChanges } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { rawRows } from '../../db/raw-rows';

/**
 * POST /api/leads/bulk: the selected leads moved to one status, or deleted, all or none. The rows
 * are locked first, in id order (two bulk moves sharing leads wait for each other instead of
 * deadlocking); an id that is not a lead is a 404 before anything is written. Each lead whose
 * status changes gets its history entry (with the reason, for a lost deal) and, through the
 * outbox triggers, its live-update event; the running totals follow in the same statement.
 */
export async function bulkLeads(
  db: Database,
  bulk: LeadBulk,
  userId: string | null,
): Promise<LeadBulkResult> {
  const ids = JSON.stringify(bulk.ids);
  return writeAs(db, userId, async (tx) => {
    const locked = await tx.execute(
      sql`select ${leads.id} as id from ${leads} where ${isAnyIdOfJson(leads.id, sql`${ids}`)}
        order by ${leads.id} for no key update`,
    );
    if (rawRows(locked).length !== bulk.ids.length) throw new AppError(404, 'errors:not_found.lead');
    if (bulk.delete) {
      const deleted = await tx.execute(
        sql`delete from ${leads} where ${isAnyIdOfJson(leads.id, sql`${ids}`)} returning ${leads.id}`,
      );
      return { deleted: rawRows(deleted).length };
    }
    return { updated: await moveLeads(tx, ids, bulk.contract_status as ContractStatus, bulk.reason, userId) };
  });
}

/** Moves the leads (JSON id list) that are not in `status` yet, with their history; how many moved. */
async function moveLeads(
  tx: Database,
  ids: string,
  status: ContractStatus,
  reason: string | undefined,
  userId: string | null,
): Promise<number> {
  const moved = await tx.execute(sql`
    with moved as (
      update ${leads} set contract_status = ${status}, lost_reason = coalesce(${reason ?? null}::text, ${leads.lostReason}), updated_at = now()
      from (select id, contract_status as previous from ${leads}
        where ${isAnyIdOfJson(leads.id, sql`${ids}`)} and ${leads.contractStatus} <> ${status}) as before
      where ${leads.id} = before.id
      returning ${leads.id} as id, before.previous
    )
    insert into ${leadStatusChanges} (lead_id, from_status, to_status, user_id, reason, created_at)
    select id, previous, ${status}, ${userId}::uuid, ${reason ?? null}, clock_timestamp() from moved
    returning lead_id`);
  return rawRows(moved).length;
}
