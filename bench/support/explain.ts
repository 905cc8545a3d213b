import type pg from 'pg';
import type { CapturedStatement } from './sql-capture';

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Parallel Aware'?: boolean;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  'Parent Relationship'?: string;
  'Subplan Name'?: string;
  'Actual Total Time'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
};

/** The tables that grow with the team's data: a sequential scan of one of them is a miss. */
export const LARGE_TABLES = [
  'leads',
  'brands',
  'contacts',
  'lead_franchises',
  'lead_status_changes',
  'notes',
  'tasks',
];
/** What a statement may take: each ≤ 5 ms. */
export const STATEMENT_BUDGET_MS = 5;
/** EXPLAIN ANALYZE runs of each statement; the median is reported (the first also warms the cache). */
const RUNS = 3;

export type ExplainSummary = {
  /** Every scan in the plan, by table: "leads: Index Scan using leads_…". */
  scans: string[];
  /** The large tables the plan reads sequentially (empty: none). */
  seqScans: string[];
  /** The median execution time of RUNS runs. */
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
  `${node['Relation Name']}: ${node['Parallel Aware'] ? 'Parallel ' : ''}${node['Node Type'].replace(/^Parallel /, '')}` +
  (node['Index Name'] ? ` using ${node['Index Name']}` : '');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * EXPLAIN (ANALYZE, BUFFERS) of a captured statement with its own parameters, RUNS times: the plan
 * PostgreSQL really picks for what the API sent, the scans it makes and its median execution time.
 */
export async function explainStatement(
  client: pg.ClientBase,
  statement: CapturedStatement,
): Promise<ExplainSummary> {
  type JsonPlan = { Plan: PlanNode; 'Execution Time': number; 'Planning Time': number };
  const runs: JsonPlan[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const { rows } = await client.query<{ 'QUERY PLAN': [JsonPlan] }>(
      `explain (analyze, buffers, format json) ${statement.text}`,
      statement.params,
    );
    const [result] = rows[0]?.['QUERY PLAN'] ?? [];
    if (!result) throw new Error(`no plan for: ${statement.text}`);
    runs.push(result);
  }
  const last = runs.at(-1) as JsonPlan;
  const scanNodes = [...nodesOf(last.Plan)].filter((node) => node['Relation Name'] !== undefined);
  const textPlan = await client.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers) ${statement.text}`,
    statement.params,
  );
  return {
    scans: [...new Set(scanNodes.map(scanName))],
    seqScans: [
      ...new Set(
        scanNodes
          .filter((node) => node['Node Type'].endsWith('Seq Scan'))
          .map((node) => node['Relation Name'] as string)
          .filter((table) => LARGE_TABLES.includes(table)),
      ),
    ],
    executionMs: median(runs.map((run) => run['Execution Time'])),
    planningMs: median(runs.map((run) => run['Planning Time'])),
    buffers: (last.Plan['Shared Hit Blocks'] ?? 0) + (last.Plan['Shared Read Blocks'] ?? 0),
    text: textPlan.rows.map((row) => row['QUERY PLAN']).join('\n'),
  };
}

/** The pipeline's and the brands' tables, most specific first: the one a statement is about. */
const MAIN_TABLES = [
  'pipeline_report_reason_days',
  'pipeline_report_days',
  'lead_franchise_totals',
  'lead_totals',
  'leads',
  'brands',
];
const mainTable = (text: string) =>
  MAIN_TABLES.find((table) => text.includes(`from "${table}"`) || text.includes(`from ${table} `)) ?? '?';

/** What a statement does, in a few words, for the table's second column. */
export function statementKind(text: string): string {
  const lowered = text.toLowerCase();
  const table = mainTable(lowered);
  if (table === 'lead_totals' || table === 'lead_franchise_totals') return `totals (${table})`;
  if (table.startsWith('pipeline_report')) return `report (${table} + edges)`;
  if (lowered.startsWith('with segments')) return 'report (leads)';
  if (lowered.includes('cross join lateral')) return 'cards (lateral per status)';
  if (lowered.startsWith('select count(')) return `count (${table})`;
  if (lowered.includes('group by')) return `totals (group by ${table})`;
  return `page (${table})`;
}

/** Whether a statement is one the benchmark explains: it reads the pipeline's or the brands' data. */
export const isDataStatement = (text: string) =>
  /(from|join) "(leads|lead_totals|lead_franchise_totals|brands|lead_status_changes|pipeline_report_days|pipeline_report_reason_days)"/.test(
    text,
  ) || /(from|join) (leads|pipeline_report_days|pipeline_report_reason_days) /.test(text);

export type SubPlanFigures = {
  /** As EXPLAIN names it: "SubPlan 3". */
  name: string;
  /** How many times it ran (once per row of the page, say). */
  loops: number;
  /** Its time over all of its runs. */
  totalMs: number;
  /** Buffers its runs touched (shared hit + read), over all of them. */
  buffers: number;
};

/**
 * One EXPLAIN (ANALYZE, BUFFERS) of `statement` and, of its plan, the outermost subplans that read
 * `relation`: what a correlated subquery of the statement (a lead's stock on a page, say) costs
 * within it. Run it after explainStatement, which warms the cache.
 */
export async function explainSubPlans(
  client: pg.ClientBase,
  statement: CapturedStatement,
  relation: string,
): Promise<SubPlanFigures[]> {
  const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    `explain (analyze, buffers, format json) ${statement.text}`,
    statement.params,
  );
  const root = rows[0]?.['QUERY PLAN'][0]?.Plan;
  if (!root) throw new Error(`no plan for: ${statement.text}`);
  const reads = (node: PlanNode) => [...nodesOf(node)].some((inner) => inner['Relation Name'] === relation);
  const found: SubPlanFigures[] = [];
  const visit = (node: PlanNode) => {
    for (const child of node.Plans ?? []) {
      if (child['Parent Relationship'] === 'SubPlan' && reads(child)) {
        const loops = child['Actual Loops'] ?? 0;
        found.push({
          name: child['Subplan Name'] ?? 'SubPlan',
          loops,
          totalMs: (child['Actual Total Time'] ?? 0) * loops,
          buffers: (child['Shared Hit Blocks'] ?? 0) + (child['Shared Read Blocks'] ?? 0),
        });
      } else visit(child);
    }
  };
  visit(root);
  return found;
}
