// What the comparison writes into the bench database, and how it is put back afterwards: the
// leads the create scenario added, the sessions the login scenario opened, the updated lead's sums.
import { withBenchClient } from '../support/bench-database';
import { BENCH_USER_AGENT } from './capture';
import { CREATED_MARK } from './scenarios';

type LeadSums = { id: string; credit: string; invest: string; updatedAt: string };

export async function leadSums(databaseUrl: string, id: string): Promise<LeadSums> {
  return withBenchClient(databaseUrl, async (client) => {
    const { rows } = await client.query<LeadSums>(
      'select id, credit, invest, updated_at::text as "updatedAt" from leads where id = $1',
      [id],
    );
    if (!rows[0]) throw new Error(`lead ${id} not found`);
    return rows[0];
  });
}

/** Deletes the created leads (their franchises and history go with them) and the bench's login sessions. */
export async function putBack(databaseUrl: string, updated: LeadSums): Promise<string> {
  return withBenchClient(databaseUrl, async (client) => {
    const leads = await client.query('delete from leads where assessment = $1', [CREATED_MARK]);
    const sessions = await client.query('delete from sessions where user_agent = $1', [BENCH_USER_AGENT]);
    await client.query('update leads set credit = $2, invest = $3, updated_at = $4 where id = $1', [
      updated.id,
      updated.credit,
      updated.invest,
      updated.updatedAt,
    ]);
    return `put back: ${leads.rowCount} created leads and ${sessions.rowCount} login sessions deleted, the updated lead's sums restored`;
  });
}
