import { asc, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../test/build-test-app';
import type { DbHandle } from '../../db/client';
import { scheduledJobs } from '../../db/schema';
import type { MailMessage } from '../../lib/mail/mailer';
import { createJobRunner, type JobKind } from './job-runner';

const silent = pino({ level: 'silent' });
const mail = (to: string): MailMessage => ({ to, subject: to, text: to, html: to });

describe('the scheduled jobs runner', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(() => handle.close());

  const queue = (jobs: { kind: string; key: string; inSeconds?: number }[]) =>
    handle.db.insert(scheduledJobs).values(
      jobs.map((job) => ({
        kind: job.kind,
        key: job.key,
        runAt: sql`now() + make_interval(secs => ${job.inSeconds ?? -1})`,
        payload: { to: job.key },
      })),
    );
  const left = () =>
    handle.db
      .select({
        key: scheduledJobs.key,
        attempts: scheduledJobs.attempts,
        lastError: scheduledJobs.lastError,
      })
      .from(scheduledJobs)
      .orderBy(asc(scheduledJobs.key));
  const mailing: JobKind = {
    plan: async (_tx, jobs) => jobs.map((job) => ({ jobId: job.id, send: mail(String(job.payload.to)) })),
  };

  it('sends the due jobs, keeps a failed one for later with its error, and leaves jobs not yet due', async () => {
    await handle.db.delete(scheduledJobs);
    await queue([
      { kind: 'mail', key: 'a' },
      { kind: 'mail', key: 'broken' },
      { kind: 'mail', key: 'c' },
      { kind: 'mail', key: 'later', inSeconds: 3600 },
      { kind: 'retired', key: 'unknown kind' },
    ]);
    const sent: string[] = [];
    const runner = createJobRunner({
      db: handle.db,
      kinds: { mail: mailing },
      send: async (message) => {
        if (message.to === 'broken') throw new Error('mail server said no');
        sent.push(message.to);
      },
      log: silent,
    });
    await runner.wake();
    await runner.stop();
    expect(sent.sort()).toEqual(['a', 'c']);
    expect(await left()).toEqual([
      { key: 'broken', attempts: 1, lastError: 'mail server said no' },
      { key: 'later', attempts: 0, lastError: null },
    ]);
  });

  it('fails only the jobs of a kind that cannot plan them; the others still go out', async () => {
    await handle.db.delete(scheduledJobs);
    await queue([
      { kind: 'mail', key: 'ok' },
      { kind: 'faulty', key: 'faulty' },
    ]);
    const sent: string[] = [];
    const faulty: JobKind = {
      plan: async () => {
        throw new Error('cannot read it');
      },
    };
    const runner = createJobRunner({
      db: handle.db,
      kinds: { mail: mailing, faulty },
      send: async (message) => void sent.push(message.to),
      log: silent,
    });
    await runner.wake();
    await runner.stop();
    expect(sent).toEqual(['ok']);
    expect(await left()).toEqual([{ key: 'faulty', attempts: 1, lastError: 'cannot read it' }]);
  });

  it('runs a backlog larger than a batch in one wake', async () => {
    await handle.db.delete(scheduledJobs);
    await queue(Array.from({ length: 23 }, (_, n) => ({ kind: 'mail', key: `backlog ${n}` })));
    const sent: string[] = [];
    const runner = createJobRunner({
      db: handle.db,
      kinds: { mail: mailing },
      send: async (message) => void sent.push(message.to),
      log: silent,
      batchSize: 5,
    });
    await runner.wake();
    await runner.stop();
    expect(sent).toHaveLength(23);
    expect(new Set(sent).size).toBe(23);
    expect(await left()).toEqual([]);
  });
});
