// `npm run bench:tasks -w bench`: notes, tasks and reminders on PostgreSQL. A database of its own
// (events/events-database.ts: BENCH_TASKS_LEADS leads with their history) plus BENCH_TASKS_TASKS
// tasks over BENCH_TASKS_USERS users, notes, and one lead with about 1,000 timeline entries.
// Measured: a long timeline's first page and a deep page by cursor, "my open tasks" and the task
// counts (autocannon, p50/p99, and EXPLAIN ANALYZE of the statements the API sends); then
// BENCH_TASKS_REMINDERS reminders falling due at once, sent to an SMTP server in this process by
// one and then three server processes: the time to the last email, duplicates and missing ones.
// A script, not a test: budgets are flagged, never enforced.
import { execSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { signInBench } from './support/bench-account';
import { withBenchClient } from './support/bench-database';
import { type StartedServer, startBenchServer } from './support/bench-server';
import { type ExplainSummary, explainStatement } from './support/explain';
import { type LoadResult, type LoadScenario, measureLoad } from './support/measure-load';
import { writeResults } from './support/results';
import { numberFrom } from './support/settings';
import { startSqlCapture } from './support/sql-capture';
import { fillEventsDatabase, openEventsDatabase } from './events/events-database';

const settings = {
  leads: numberFrom('BENCH_TASKS_LEADS', 3_000),
  brands: numberFrom('BENCH_TASKS_BRANDS', 300),
  tasks: numberFrom('BENCH_TASKS_TASKS', 100_000),
  users: numberFrom('BENCH_TASKS_USERS', 50),
  reminders: numberFrom('BENCH_TASKS_REMINDERS', 10_000),
  /** Seconds between inserting the reminders' tasks and their remind_at. */
  leadSeconds: numberFrom('BENCH_TASKS_LEAD_SECONDS', 5),
  processes: (process.env.BENCH_TASKS_PROCESSES || '1,3').split(',').map(Number),
};

/** p99 budget of each read at 10 clients. */
export const TASKS_BUDGET_MS = 50;
/** The timeline page walked to before the deep page is measured. */
const DEEP_PAGE = 40;
const REMINDER_TIMEOUT_MS = 180_000;
const PASSWORD = 'Bench12345';

const sleep = (ms: number) => new Promise((wake) => setTimeout(wake, ms));

type Scenario = LoadScenario & { token: string };

export type PlanResult = {
  scenario: string;
  statement: string;
  executionMs: number;
  buffers: number;
  scans: string[];
  seqScans: string[];
};

export type ReminderResult = {
  processes: number;
  reminders: number;
  received: number;
  /** From remind_at to the last email received. */
  lastEmailMs: number;
  /** From remind_at to the first email received. */
  firstEmailMs: number;
  emailsPerSecond: number;
  duplicates: number;
  missing: number;
  jobsLeft: number;
};

async function getJson<T>(baseUrl: string, path: string, token: string): Promise<T> {
  const response = await fetch(baseUrl + path, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function postJson<T>(baseUrl: string, path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const userEmail = (n: number) => `tarefas${n}@funil.dev`;
/** The team's ids in SQL, `tarefas1` first (ordered by number: `tarefas10@` sorts before `tarefas1@`). */
const TEAM_IDS = `(select array_agg(id order by substring(email from '^tarefas([0-9]+)@')::int) from users where email like 'tarefas%')`;
/** A name of letters only, as the users' rules ask: "Pessoa Ab". */
const userName = (n: number) =>
  `Pessoa ${String.fromCharCode(65 + (Math.floor((n - 1) / 26) % 26))}${String.fromCharCode(97 + ((n - 1) % 26))}`;

/** The team (through the API, as an administrator would), then the notes, tasks and the long timeline in SQL. */
async function fillTasks(url: string): Promise<{ leadId: string }> {
  const server = await startBenchServer(url, { LOG_LEVEL: 'warn' });
  try {
    const { token } = await signInBench(server.baseUrl);
    for (let n = 1; n <= settings.users; n += 1) {
      await postJson(
        server.baseUrl,
        '/api/users',
        { name: userName(n), email: userEmail(n), password: PASSWORD, roles: ['comercial'] },
        token,
      );
    }
  } finally {
    await server.stop();
  }
  return withBenchClient(url, async (client) => {
    const started = performance.now();
    await client.query('select setseed(0.26)');
    const { rows } = await client.query<{ id: string }>('select id from leads order by id limit 1');
    const leadId = rows[0]?.id as string;
    const team = TEAM_IDS;
    // The holder (tarefas1) has 4,000 tasks, half of them open; the others share the rest at random.
    await client.query(
      `with team as (select ${team} as ids),
            lead_ids as (select array_agg(id) as ids from leads),
            rows as (
              select n, (random() * 364)::int as age,
                     case when n <= 4000 then 1 else 2 + floor(random() * (${settings.users} - 1))::int end as who,
                     case when n <= 4000 then n % 2 = 0 else random() < 0.7 end as done
                from generate_series(1, ${settings.tasks}) as n)
       insert into tasks (title, due_at, done, done_at, done_by, assignee_id, created_by, lead_id, created_at, updated_at)
       select 'Tarefa ' || n,
              now() - make_interval(days => age) + interval '14 days',
              done,
              case when done then now() - make_interval(days => age) + interval '7 days' end,
              case when done then team.ids[who] end,
              team.ids[who], team.ids[who],
              lead_ids.ids[1 + floor(random() * array_length(lead_ids.ids, 1))::int],
              now() - make_interval(days => age), now() - make_interval(days => age)
         from rows, team, lead_ids`,
    );
    await client.query(
      `insert into notes (lead_id, author_id, body, created_at, updated_at)
       select l.id, (${team})[1 + (n % ${settings.users})], 'Nota ' || n,
              now() - make_interval(days => (random() * 364)::int), now()
         from leads l, generate_series(1, 5) as n`,
    );
    // One lead with ~1,000 entries over a year: 300 status moves, 400 notes, 150 tasks created
    // and completed (two entries each).
    await client.query(
      `insert into lead_status_changes (lead_id, from_status, to_status, user_id, created_at)
       select $1, case when n % 2 = 0 then 'frio' else 'morno' end, case when n % 2 = 0 then 'morno' else 'frio' end,
              (${team})[1 + (n % ${settings.users})], now() - make_interval(mins => n * 1750)
         from generate_series(1, 300) as n`,
      [leadId],
    );
    await client.query(
      `insert into notes (lead_id, author_id, body, created_at, updated_at)
       select $1, (${team})[1 + (n % ${settings.users})], 'Nota da linha do tempo ' || n,
              now() - make_interval(mins => n * 1310), now()
         from generate_series(1, 400) as n`,
      [leadId],
    );
    await client.query(
      `insert into tasks (title, due_at, done, done_at, done_by, assignee_id, created_by, lead_id, created_at, updated_at)
       select 'Tarefa da linha do tempo ' || n, now() - make_interval(mins => n * 3500 - 1000), true,
              now() - make_interval(mins => n * 3500 - 600), (${team})[1], (${team})[1], (${team})[2], $1,
              now() - make_interval(mins => n * 3500), now()
         from generate_series(1, 150) as n`,
      [leadId],
    );
    await client.query('analyze');
    console.log(`notes and tasks filled in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return { leadId };
  });
}

/** The statements one request of each scenario sends (through a capturing proxy), explained. */
async function explainScenarios(url: string, scenarios: Scenario[]): Promise<PlanResult[]> {
  const capture = await startSqlCapture(url);
  const server = await startBenchServer(capture.databaseUrl, { LOG_LEVEL: 'warn' });
  const plans: PlanResult[] = [];
  try {
    for (const scenario of scenarios) {
      await getJson(server.baseUrl, scenario.path, scenario.token); // warms the server's caches
      const from = capture.statements.length;
      await getJson(server.baseUrl, scenario.path, scenario.token);
      const statements = capture.statements
        .slice(from)
        .filter(
          (statement) =>
            /^\s*(select|with)/i.test(statement.text) &&
            /(from|join) "?(notes|tasks|lead_status_changes|leads)"?/i.test(statement.text),
        );
      await withBenchClient(url, async (client) => {
        for (const statement of statements) {
          const summary: ExplainSummary = await explainStatement(client, statement);
          plans.push({
            scenario: scenario.name,
            statement: statement.text.replace(/\s+/g, ' ').slice(0, 80),
            executionMs: Math.round(summary.executionMs * 100) / 100,
            buffers: summary.buffers,
            scans: summary.scans,
            seqScans: summary.seqScans,
          });
        }
      });
    }
  } finally {
    await server.stop();
    await capture.close();
  }
  console.log('\nPlans of the statements the API sent (EXPLAIN ANALYZE, median of 3)\n');
  for (const plan of plans) {
    console.log(
      `${plan.scenario.padEnd(30)} ${String(plan.executionMs).padStart(7)} ms ${String(plan.buffers).padStart(6)} buf` +
        `${plan.seqScans.length ? `  SEQ SCAN of ${plan.seqScans.join(', ')}` : ''}\n    ${plan.statement}…\n    ${plan.scans.join('; ')}`,
    );
  }
  return plans;
}

/** An SMTP server in this process that counts the reminders it receives, by subject. */
async function startMailCounter() {
  let arrivals: { title: string; at: number }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = /^Subject: (?:Lembrete|Reminder|Recordatorio): (.*)$/im.exec(raw);
        if (subject?.[1]) arrivals.push({ title: subject[1].trim(), at: Date.now() });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    arrivals: () => arrivals,
    reset: () => {
      arrivals = [];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function measureReminders(
  url: string,
  mail: Awaited<ReturnType<typeof startMailCounter>>,
  processes: number,
): Promise<ReminderResult> {
  await withBenchClient(url, async (client) => {
    await client.query(`delete from tasks where title like 'Lembrete bench %'`);
    await client.query('delete from scheduled_jobs');
  });
  mail.reset();
  const servers: StartedServer[] = [];
  try {
    for (let index = 0; index < processes; index += 1) {
      servers.push(await startBenchServer(url, { SMTP_URL: mail.url, LOG_LEVEL: 'warn' }));
    }
    const remindAt = Date.now() + settings.leadSeconds * 1000;
    await withBenchClient(url, async (client) => {
      await client.query(
        `with team as (select ${TEAM_IDS} as ids)
         insert into tasks (title, due_at, remind_at, assignee_id, created_by)
         select 'Lembrete bench ' || n, $1::timestamptz + interval '1 hour', $1::timestamptz,
                team.ids[1 + (n % array_length(team.ids, 1))], team.ids[1]
           from generate_series(1, ${settings.reminders}) as n, team`,
        [new Date(remindAt).toISOString()],
      );
    });
    const deadline = remindAt + REMINDER_TIMEOUT_MS;
    while (mail.arrivals().length < settings.reminders && Date.now() < deadline) await sleep(50);
    await sleep(2_000); // late duplicates
    let jobsLeft = -1;
    for (let tries = 0; tries < 50 && jobsLeft !== 0; tries += 1) {
      jobsLeft = await withBenchClient(url, async (client) => {
        const { rows } = await client.query<{ n: string }>('select count(*) as n from scheduled_jobs');
        return Number(rows[0]?.n ?? 0);
      });
      if (jobsLeft !== 0) await sleep(100);
    }
    const arrivals = mail.arrivals();
    const byTitle = new Map<string, number>();
    for (const { title } of arrivals) byTitle.set(title, (byTitle.get(title) ?? 0) + 1);
    let duplicates = 0;
    for (const count of byTitle.values()) duplicates += count - 1;
    let missing = 0;
    for (let n = 1; n <= settings.reminders; n += 1) if (!byTitle.has(`Lembrete bench ${n}`)) missing += 1;
    const times = arrivals.map((arrival) => arrival.at);
    const last = times.length ? Math.max(...times) : Date.now();
    const first = times.length ? Math.min(...times) : Date.now();
    const lastEmailMs = last - remindAt;
    return {
      processes,
      reminders: settings.reminders,
      received: arrivals.length,
      lastEmailMs,
      firstEmailMs: first - remindAt,
      emailsPerSecond: Math.round(byTitle.size / Math.max(0.001, lastEmailMs / 1000)),
      duplicates,
      missing,
      jobsLeft,
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

async function main() {
  const configured = Boolean(process.env.BENCH_DATABASE_URL || process.env.BENCH_EVENTS_DATABASE_URL);
  if (process.argv.includes('--if-configured') && !configured) {
    console.log(
      '\nnotes and tasks benchmark skipped: set BENCH_DATABASE_URL (its PostgreSQL server is used)',
    );
    return;
  }
  const database = await openEventsDatabase();
  const mail = await startMailCounter();
  try {
    console.log(
      `Notes, tasks and reminders on ${database.created ? 'a new database' : 'BENCH_EVENTS_DATABASE_URL'}: ` +
        `${settings.leads.toLocaleString('en')} leads, ${settings.tasks.toLocaleString('en')} tasks, ${settings.users} users; ` +
        `load average ${execSync('uptime').toString().trim()}`,
    );
    await fillEventsDatabase(database.url, { brands: settings.brands, leads: settings.leads });
    const { leadId } = await fillTasks(database.url);

    const server = await startBenchServer(database.url, { LOG_LEVEL: 'warn' });
    let loads: LoadResult[];
    let scenarios: Scenario[];
    let timelineTotal = 0;
    try {
      const admin = await signInBench(server.baseUrl);
      const holder = await postJson<{ access_token: string }>(server.baseUrl, '/api/auth/login', {
        email: userEmail(1),
        password: PASSWORD,
      });
      const timeline = `/api/leads/${leadId}/timeline?limit=20`;
      let cursor: string | null = null;
      for (let page = 1; page < DEEP_PAGE; page += 1) {
        const body: { next_cursor: string | null; total: number } = await getJson(
          server.baseUrl,
          cursor ? `${timeline}&cursor=${encodeURIComponent(cursor)}` : timeline,
          admin.token,
        );
        timelineTotal = body.total;
        cursor = body.next_cursor;
        if (!cursor) throw new Error(`the timeline ended at page ${page} (${body.total} entries)`);
      }
      console.log(`timeline of the long lead: ${timelineTotal} entries`);
      scenarios = [
        { name: 'timeline, first page', path: timeline, token: admin.token, budgetMs: TASKS_BUDGET_MS },
        {
          name: `timeline, page ${DEEP_PAGE} by cursor`,
          path: `${timeline}&cursor=${encodeURIComponent(cursor as string)}`,
          token: admin.token,
          budgetMs: TASKS_BUDGET_MS,
        },
        {
          name: 'my open tasks (20)',
          path: '/api/tasks?assignee=me&done=false&limit=20',
          token: holder.access_token,
          budgetMs: TASKS_BUDGET_MS,
        },
        {
          name: 'task counts',
          path: '/api/tasks/counts',
          token: holder.access_token,
          budgetMs: TASKS_BUDGET_MS,
        },
      ];
      const mine = await getJson<{ total: number }>(
        server.baseUrl,
        scenarios[2]?.path ?? '',
        holder.access_token,
      );
      console.log(`"my open tasks": ${mine.total} of the holder's`);
      loads = await measureLoad(server.baseUrl, scenarios);
    } finally {
      await server.stop();
    }
    const plans = await explainScenarios(database.url, scenarios);

    const reminders: ReminderResult[] = [];
    for (const processes of settings.processes) {
      console.log(
        `\n${settings.reminders.toLocaleString('en')} reminders due at once, ${processes} process(es)…`,
      );
      reminders.push(await measureReminders(database.url, mail, processes));
    }

    console.log('\nSummary\n');
    for (const load of loads) {
      console.log(
        `${load.name.padEnd(34)} p50 ${String(load.p50).padStart(4)} ms  p99 ${String(load.p99).padStart(4)} ms  ` +
          `${String(load.rps).padStart(5)} req/s  ${load.errors} errors  ${load.p99 <= TASKS_BUDGET_MS ? 'within' : 'OVER'} ${TASKS_BUDGET_MS} ms`,
      );
    }
    const seq = plans.filter((plan) => plan.seqScans.length);
    console.log(
      `statements explained: ${plans.length}, slowest ${Math.max(0, ...plans.map((plan) => plan.executionMs))} ms, ` +
        `sequential scans of large tables: ${seq.length ? seq.map((plan) => plan.seqScans.join(',')).join('; ') : 'none'}`,
    );
    console.log(
      '\nprocesses  reminders  received  first mail  last mail  emails/s  duplicates  missing  jobs left',
    );
    for (const result of reminders) {
      console.log(
        `${String(result.processes).padStart(9)}  ${String(result.reminders).padStart(9)}  ${String(result.received).padStart(8)}  ` +
          `${`${(result.firstEmailMs / 1000).toFixed(2)} s`.padStart(10)}  ${`${(result.lastEmailMs / 1000).toFixed(2)} s`.padStart(9)}  ` +
          `${String(result.emailsPerSecond).padStart(8)}  ${String(result.duplicates).padStart(10)}  ${String(result.missing).padStart(7)}  ${String(result.jobsLeft).padStart(9)}`,
      );
    }
    writeResults('notes-tasks', {
      settings,
      loadAverage: execSync('cat /proc/loadavg').toString().trim(),
      timelineEntries: timelineTotal,
      loads,
      plans,
      reminders,
    });
  } finally {
    await mail.close();
    await database.drop();
  }
}

await main();
