import type { Lead, Task } from '@funil/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { createLeadReferences, createLeadVia } from '../../../test/lead-fixtures';
import { parseMail, startSmtpServer } from '../../../test/mail';
import { type SignedIn, signIn } from '../../../test/sign-in';
import { testClock } from '../../../test/test-clock';
import type { App } from '../../app';
import { scheduledJobs, tasks } from '../../db/schema';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The reminders' tests move the jobs' clock rather than wait for it: `passTime` is the reminder's
 * time coming (the runner's timer would look at the queue then). Each look resolves once its
 * emails are handed over and their jobs finished, so what was sent is known when it returns.
 */
function remindersApp() {
  const clock = testClock();
  const context = {
    clock,
    app: undefined as unknown as App,
    smtp: undefined as unknown as Awaited<ReturnType<typeof startSmtpServer>>,
    owner: undefined as unknown as SignedIn,
    passTime: async (ms: number) => {
      clock.advance(ms);
      await context.app.jobs.wake();
    },
    create: async (body: Record<string, unknown>) => {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/tasks',
        headers: context.owner.headers,
        payload: body,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Task>();
    },
    patch: (id: string, body: Record<string, unknown>) =>
      context.app.inject({
        method: 'PATCH',
        url: `/api/tasks/${id}`,
        headers: context.owner.headers,
        payload: body,
      }),
    jobOf: async (taskId: string) => {
      const [job] = await context.app.db
        .select()
        .from(scheduledJobs)
        .where(eq(scheduledJobs.key, `task_reminder:${taskId}`));
      return job;
    },
    remindedFor: async (taskId: string) => {
      const [row] = await context.app.db
        .select({ remindedFor: tasks.remindedFor })
        .from(tasks)
        .where(eq(tasks.id, taskId));
      return row?.remindedFor?.toISOString() ?? null;
    },
    subjectsSince: (before: number) =>
      Promise.all(context.smtp.received.slice(before).map(parseMail)).then((mails) =>
        mails.map((mail) => mail.subject),
      ),
  };
  return context;
}

describe('task reminders by email', () => {
  const t = remindersApp();
  let lead: Lead;

  beforeAll(async () => {
    t.smtp = await startSmtpServer();
    t.app = await buildTestApp({
      env: { SMTP_URL: t.smtp.url, APP_URL: 'http://crm.local' },
      jobsClock: t.clock.now,
    });
    t.owner = await signIn(t.app, { name: 'Olívia Dona' });
    lead = await createLeadVia(t.app, t.owner.headers, await createLeadReferences(t.app, t.owner.headers));
  });
  afterAll(async () => {
    await t.app.close();
    await t.smtp.close();
  });

  it('emails the assignee once at the reminder time: title, due date, the record and a link', async () => {
    const before = t.smtp.received.length;
    const task = await t.create({
      title: 'Enviar proposta',
      due_at: '2030-05-17T20:00:00.000Z',
      remind_at: t.clock.inMs(10 * MINUTE),
      lead_id: lead.id,
    });
    await t.app.jobs.wake();
    expect(t.smtp.received).toHaveLength(before);

    await t.passTime(10 * MINUTE);
    expect(t.smtp.received).toHaveLength(before + 1);
    const mail = await parseMail(t.smtp.received[before] as (typeof t.smtp.received)[number]);
    expect(mail.to).toEqual([t.owner.user.email]);
    expect(mail.subject).toBe('Lembrete: Enviar proposta');
    expect(mail.text).toContain('17 de mai. de 2030, 17:00');
    expect(mail.text).toContain(`${lead.brand_id.name} — ${lead.assessment}`);
    expect(mail.text).toContain(`http://crm.local/leads/editar/${lead.id}`);
    expect(await t.remindedFor(task.id)).toBe(task.remind_at);
    expect(await t.jobOf(task.id)).toBeUndefined();

    // Another edit owes nothing; a new reminder time owes a new reminder.
    expect((await t.patch(task.id, { title: 'Enviar proposta revisada' })).statusCode).toBe(200);
    await t.passTime(HOUR);
    expect(t.smtp.received).toHaveLength(before + 1);
    expect((await t.patch(task.id, { remind_at: t.clock.inMs(MINUTE) })).statusCode).toBe(200);
    await t.passTime(MINUTE);
    expect(await t.subjectsSince(before)).toEqual([
      'Lembrete: Enviar proposta',
      'Lembrete: Enviar proposta revisada',
    ]);
  });

  it('writes it in the language the assignee works in', async () => {
    const english = await signIn(t.app, { name: 'Emma' });
    await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { ...english.headers, 'accept-language': 'en-US' },
    });
    const before = t.smtp.received.length;
    await t.create({
      title: 'Call back',
      due_at: '2030-05-17T20:00:00.000Z',
      remind_at: t.clock.inMs(MINUTE),
      assignee: english.user.id,
    });
    await t.passTime(MINUTE);
    expect(t.smtp.received).toHaveLength(before + 1);
    const mail = await parseMail(t.smtp.received[before] as (typeof t.smtp.received)[number]);
    expect(mail.to).toEqual([english.user.email]);
    expect(mail.subject).toBe('Reminder: Call back');
    expect(mail.text).toContain('May 17, 2030');
  });

  it('sends nothing for a task completed, deleted or rescheduled before its time', async () => {
    const before = t.smtp.received.length;
    const soon = () => ({ due_at: t.clock.inMs(HOUR), remind_at: t.clock.inMs(MINUTE) });
    const completed = await t.create({ title: 'Concluída antes', ...soon() });
    const deleted = await t.create({ title: 'Excluída antes', ...soon() });
    const moved = await t.create({ title: 'Adiada', ...soon() });
    const cleared = await t.create({ title: 'Sem lembrete agora', ...soon() });
    expect((await t.patch(completed.id, { done: true })).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/tasks/${deleted.id}`,
          headers: t.owner.headers,
        })
      ).statusCode,
    ).toBe(204);
    expect((await t.patch(moved.id, { remind_at: t.clock.inMs(2 * HOUR) })).statusCode).toBe(200);
    expect((await t.patch(cleared.id, { remind_at: null })).statusCode).toBe(200);

    await t.passTime(5 * MINUTE);
    expect(await t.subjectsSince(before)).toEqual([]);
    const job = await t.jobOf(moved.id);
    expect(job?.runAt.getTime()).toBeGreaterThan(t.clock.now().getTime() + HOUR);
    expect(await t.jobOf(completed.id)).toBeUndefined();
    expect(await t.jobOf(cleared.id)).toBeUndefined();

    // Reopening the completed one owes its reminder again (its time has passed: at once).
    expect((await t.patch(completed.id, { done: false })).statusCode).toBe(200);
    await t.app.jobs.wake();
    expect(await t.subjectsSince(before)).toEqual(['Lembrete: Concluída antes']);
    // The moved one at its new time.
    await t.passTime(2 * HOUR);
    expect(await t.subjectsSince(before)).toEqual(['Lembrete: Concluída antes', 'Lembrete: Adiada']);
  });
});

describe('a reminder whose email the mail server holds', () => {
  const t = remindersApp();

  beforeAll(async () => {
    t.smtp = await startSmtpServer({ stallAfterData: true });
    t.app = await buildTestApp({
      env: { SMTP_URL: t.smtp.url, APP_URL: 'http://crm.local' },
      jobsClock: t.clock.now,
    });
    t.owner = await signIn(t.app, { name: 'Olívia Dona' });
  });
  afterAll(async () => {
    t.smtp.release();
    await t.app.close();
    await t.smtp.close();
  });

  it('lets its task be edited at once; a reminder time changed meanwhile keeps the job for that time', async () => {
    const task = await t.create({
      title: 'Revisar contrato',
      due_at: t.clock.inMs(3 * HOUR),
      remind_at: t.clock.inMs(0),
    });
    const round = t.app.jobs.wake();
    await t.smtp.waitForHeld(1);

    // The task whose reminder is on its way to the mail server is edited, and moved to another time.
    const renamed = await t.patch(task.id, { title: 'Revisar contrato assinado' });
    expect(renamed.statusCode).toBe(200);
    const later = t.clock.inMs(HOUR);
    const moved = await t.patch(task.id, { remind_at: later });
    expect(moved.statusCode).toBe(200);
    // Both answered while the email was still held.
    expect(t.smtp.held()).toBe(1);
    expect(t.smtp.received).toHaveLength(0);
    const job = await t.jobOf(task.id);
    expect(job).toMatchObject({ claimedBy: null, claimedUntil: null, attempts: 0 });
    expect(job?.runAt.toISOString()).toBe(later);

    t.smtp.release();
    await round;
    // The email for the old time was already out: it arrives, and nothing records it as the new
    // time's reminder, which stays owed.
    expect(await t.subjectsSince(0)).toEqual(['Lembrete: Revisar contrato']);
    expect(await t.remindedFor(task.id)).toBeNull();
    expect((await t.jobOf(task.id))?.runAt.toISOString()).toBe(later);

    await t.passTime(HOUR);
    expect(await t.subjectsSince(0)).toEqual([
      'Lembrete: Revisar contrato',
      'Lembrete: Revisar contrato assinado',
    ]);
    expect(await t.remindedFor(task.id)).toBe(later);
    expect(await t.jobOf(task.id)).toBeUndefined();
  });
});
