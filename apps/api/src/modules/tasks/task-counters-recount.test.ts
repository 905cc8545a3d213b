import type { Task } from '@funil/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { createBrandVia } from '../../../test/brand-fixtures';
import { createLeadReferences, createLeadVia } from '../../../test/lead-fixtures';
import { seededRandom, seedFromEnv } from '../../../test/seeded-random';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';
import { compareWithRecount } from '../../db/backfill-database';
import { rawRows } from '../../db/raw-rows';

type Counters = { id: string; open_tasks: number; next_due: string | null };

// The open-task count and next due date the tasks' triggers keep on leads and brands, against a
// recount from the tasks, after every step of a seeded run of task writes through the API.
describe('task counters against a recount from the tasks', () => {
  let app: App;
  let user: SignedIn;
  beforeAll(async () => {
    app = await buildTestApp();
    user = await signIn(app, { name: 'Rita Recontagem' });
  });
  afterAll(() => app.close());

  const keptCounters = async (): Promise<Counters[]> =>
    rawRows<Counters>(
      await app.db.execute(
        sql`select id, open_tasks, next_task_due_at::text as next_due from leads order by id`,
      ),
    );

  it('stay exact through creates, completions, reopenings, new due dates, moves and deletions', async () => {
    const seed = seedFromEnv('TASK_RECOUNT_SEED', 20261128);
    const random = seededRandom(seed);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const refs = await createLeadReferences(app, user.headers);
    const leadIds: string[] = [];
    for (let n = 0; n < 3; n += 1) leadIds.push((await createLeadVia(app, user.headers, refs)).id);
    const brandIds = [refs.brandId, (await createBrandVia(app, user.headers)).id];
    const record = (): Record<string, string | null> => {
      const draw = random();
      if (draw < 0.55) return { lead_id: pick(leadIds), brand_id: null };
      if (draw < 0.9) return { brand_id: pick(brandIds), lead_id: null };
      return { lead_id: null, brand_id: null };
    };
    const due = () => new Date(Date.UTC(2027, 0, 1 + Math.floor(random() * 60), 12)).toISOString();
    const send = async (method: string, url: string, payload?: object) => {
      const response = await app.inject({ method: method as 'GET', url, headers: user.headers, payload });
      expect(response.statusCode, `${method} ${url}: ${response.body} (seed ${seed})`).toBeLessThan(300);
      return response;
    };
    const tasks: Task[] = [];

    for (let step = 0; step < 50; step += 1) {
      const draw = random();
      const task = tasks.length > 0 ? pick(tasks) : undefined;
      if (!task || draw < 0.35) {
        const created = await send('POST', '/api/tasks', { title: `t${step}`, due_at: due(), ...record() });
        tasks.push(created.json<Task>());
      } else if (draw < 0.55) {
        const saved = await send('PATCH', `/api/tasks/${task.id}`, { done: !task.done });
        tasks.splice(tasks.indexOf(task), 1, saved.json<Task>());
      } else if (draw < 0.7) {
        const saved = await send('PATCH', `/api/tasks/${task.id}`, { due_at: due() });
        tasks.splice(tasks.indexOf(task), 1, saved.json<Task>());
      } else if (draw < 0.85) {
        const saved = await send('PATCH', `/api/tasks/${task.id}`, record());
        tasks.splice(tasks.indexOf(task), 1, saved.json<Task>());
      } else {
        await send('DELETE', `/api/tasks/${task.id}`);
        tasks.splice(tasks.indexOf(task), 1);
      }
      // The inventory's recount (db/derived-data.ts) of the counters on leads and brands and of the
      // reminder jobs: the statements a backfill rewrites them with.
      for (const part of await compareWithRecount(
        app.db,
        'leads and brands: open_tasks, next_task_due_at; task reminder jobs',
      ))
        expect(part.differences, `${part.target} after step ${step} (seed ${seed})`).toEqual([]);
    }
    // The run reached both states it is about: records with open tasks, and tasks done.
    const kept = await keptCounters();
    expect(kept.some((lead) => lead.open_tasks > 1)).toBe(true);
    expect(tasks.some((task) => task.done)).toBe(true);
  }, 180_000);
});
