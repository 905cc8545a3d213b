import type { ContractStatus, LeadStatusChange } from '@funil/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { readRows } from '../../db/read-rows';
import { leadStatusChanges, users } from '../../db/schema';

/**
 * One entry of the pipeline history, written in the transaction that changes the status. Its time
 * is the moment of writing (clock_timestamp, not the transaction's start): a move that waited for
 * the lead's lock is stamped after the move it waited for.
 */
export function recordStatusChange(
  tx: Database,
  change: {
    leadId: string;
    from: ContractStatus | null;
    to: ContractStatus;
    userId: string | null;
    /** Why the deal was lost (a move to declinado or cancelado only). */
    reason?: string | undefined;
  },
): Promise<void> {
  return readRows(
    tx,
    'lead_status_change_insert',
    () => ({
      query: tx.insert(leadStatusChanges).values({
        leadId: sql`${sql.placeholder('lead_id')}`,
        fromStatus: sql`${sql.placeholder('from_status')}`,
        toStatus: sql`${sql.placeholder('to_status')}`,
        userId: sql`${sql.placeholder('user_id')}`,
        reason: sql`${sql.placeholder('reason')}`,
        createdAt: sql`clock_timestamp()`,
      }),
      mapRows: () => undefined,
    }),
    {
      lead_id: change.leadId,
      from_status: change.from,
      to_status: change.to,
      user_id: change.userId,
      reason: change.reason ?? null,
    },
  );
}

/** A lead's history, newest first (`seq` orders entries written in the same millisecond). */
export async function selectStatusChanges(db: Database, leadId: string): Promise<LeadStatusChange[]> {
  const rows = await db
    .select({
      id: leadStatusChanges.id,
      fromStatus: leadStatusChanges.fromStatus,
      toStatus: leadStatusChanges.toStatus,
      reason: leadStatusChanges.reason,
      createdAt: leadStatusChanges.createdAt,
      user: { id: users.id, name: users.name, email: users.email },
    })
    .from(leadStatusChanges)
    .leftJoin(users, eq(users.id, leadStatusChanges.userId))
    .where(eq(leadStatusChanges.leadId, leadId))
    .orderBy(desc(leadStatusChanges.seq));
  return rows.map((row) => ({
    id: row.id,
    _id: row.id,
    from_status: row.fromStatus,
    to_status: row.toStatus,
    reason: row.reason,
    user: row.user ? { ...row.user, _id: row.user.id } : null,
    createdAt: row.createdAt.toISOString(),
  }));
}
