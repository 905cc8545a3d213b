// What the comparison writes into the bench database, and how it is put back afterwards: the
// leads the create scenario added, the sessions the login scenario opened, and the updated and
// moved leads as they were (their sums, status, times, and no history entry the run wrote).
import { withBenchClient } from '../support/bench-database';
import { BENCH_USER_AGENT } from './capture';
import { CREATED_MARK } from './scenarios';

type LeadState = {
  id: string;
  credit: string;
  invest: string;
  contractStatus: string;
  statusChangedAt: string;
  updatedAt: string;
  /** The last history entry before the run. */
  lastSeq: string;
};

/** The written leads as they are before the run. */
export async function leadStates(databaseUrl: string, ids: string[]): Promise<LeadState[]> {
  return withBenchClient(databaseUrl, async (client) => {
    const { rows } = await client.query<LeadState>(
      `select id, credit, invest, contract_status as "contractStatus",
        status_changed_at::text as "statusChangedAt", updated_at::text as "updatedAt",
        coalesce((select max(seq) from lead_status_changes h where h.lead_id = leads.id), 0)::text as "lastSeq"
      from leads where id = any($1::uuid[])`,
      [ids],
    );
    const missing = ids.find((id) => !rows.some((row) => row.id === id));
    if (missing) throw new Error(`lead ${missing} not found`);
    return rows;
  });
}

/** One written lead as it is before the run. */
export const leadSums = (databaseUrl: string, id: string) => leadStates(databaseUrl, [id]);

/** Deletes the created leads (their franchises and history go with them) and the bench's login sessions. */
export async function putBack(databaseUrl: string, states: LeadState[]): Promise<string> {
  return withBenchClient(databaseUrl, async (client) => {
    const leads = await client.query('delete from leads where assessment = $1', [CREATED_MARK]);
    const sessions = await client.query('delete from sessions where user_agent = $1', [BENCH_USER_AGENT]);
    let moves = 0;
    for (const state of states) {
      // The status first (its trigger stamps the time), then the times as they were.
      await client.query('update leads set contract_status = $2 where id = $1', [
        state.id,
        state.contractStatus,
      ]);
      await client.query(
        'update leads set credit = $2, invest = $3, status_changed_at = $4, updated_at = $5 where id = $1',
        [state.id, state.credit, state.invest, state.statusChangedAt, state.updatedAt],
      );
      const history = await client.query('delete from lead_status_changes where lead_id = $1 and seq > $2', [
        state.id,
        state.lastSeq,
      ]);
      moves += history.rowCount ?? 0;
    }
    return `put back: ${leads.rowCount} created leads and ${sessions.rowCount} login sessions deleted, the written leads restored (${moves} history entries of their moves deleted)`;
  });
}
