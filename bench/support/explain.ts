import type pg from 'pg';
import type { CapturedStatement } from './sql-capture';

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Parallel Aware'?: boolean;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
};

export type ExplainSummary = {
  /** Every scan of `leads` in the plan: "Seq Scan", "Index Scan using leads_…", and so on. */
  leadScans: string[];
  seqScanOnLeads: boolean;
  executionMs: number;
  planningMs: number;
  /** Buffers the statement touched (shared hit + read), from the plan's root. */
  buffers: number;
  /** The plan as EXPLAIN prints it, for reading. */
  text: string;
};

function* nodesOf(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* nodesOf(child);
}

const scanName = (node: PlanNode) =>
  `${node['Parallel Aware'] ? 'Parallel ' : ''}${node['Node Type'].replace(/^Parallel /, '')}` +
  (node['Index Name'] ? ` using ${node['Index Name']}` : '');

/**
 * EXPLAIN (ANALYZE, BUFFERS) of a captured statement with its own parameters: the plan
 * PostgreSQL really picks for what the API sent, its scans of `leads` and its execution time.
 */
export async function explainStatement(
  client: pg.ClientBase,
  statement: CapturedStatement,
): Promise<ExplainSummary> {
  const { rows } = await client.query<{
    'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number; 'Planning Time': number }];
  }>(`explain (analyze, buffers, format json) ${statement.text}`, statement.params);
  const [result] = rows[0]?.['QUERY PLAN'] ?? [];
  if (!result) throw new Error(`no plan for: ${statement.text}`);
  const leadNodes = [...nodesOf(result.Plan)].filter((node) => node['Relation Name'] === 'leads');
  const textPlan = await client.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers) ${statement.text}`,
    statement.params,
  );
  return {
    leadScans: [...new Set(leadNodes.map(scanName))],
    seqScanOnLeads: leadNodes.some((node) => node['Node Type'].endsWith('Seq Scan')),
    executionMs: result['Execution Time'],
    planningMs: result['Planning Time'],
    buffers: (result.Plan['Shared Hit Blocks'] ?? 0) + (result.Plan['Shared Read Blocks'] ?? 0),
    text: textPlan.rows.map((row) => row['QUERY PLAN']).join('\n'),
  };
}

/** What a statement on leads does, in a few words, for the table's first column. */
export function statementKind(text: string): string {
  const lowered = text.toLowerCase();
  if (lowered.includes('group by')) return 'totals (group by)';
  if (lowered.startsWith('select count(')) return 'count';
  if (lowered.includes('cross join lateral')) return 'cards (lateral per status)';
  return 'page';
}
