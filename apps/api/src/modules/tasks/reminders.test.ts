import type { Lead, Task } from '@funil/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { createLeadReferences, createLeadVia } from '../../../test/lead-fixtures';
import { parseMail, startSmtpServer } from '../../../test/mail';
import { type SignedIn, signIn } from '../../../test/sign-in';
import type { App } from '../../app';
import { scheduledJobs, tasks } from '../../db/schema';

/** Reminders are due within 30 s of their time; the tests give them that long and no longer. */
const REMINDER_WAIT_MS = 30_000;
const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

describe('task reminders by email', () => {
  let app: App;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let owner: SignedIn;
  let lead: Lead;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await buildTestApp({ env: { SMTP_URL: smtp.url, APP_URL: 'http://crm.local' } });
    owner = await signIn(app, { name: 'Olívia Dona' });
    lead = await createLeadVia(app, owner.headers, await createLeadReferences(app, owner.headers));
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  const create = async (body: Record<string, unknown>, as: SignedIn = owner) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: as.headers,
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Task>();
  };
  const patch = (id: string, body: Record<string, unknown>) =>
    app.inject({ method: 'PATCH', url: `/api/tasks/${id}`, headers: owner.headers, payload: body });
  /** Waits for the next `count` emails; answers them read as a mail client would. */
  const nextMails = async (count: number) => {
    const before = smtp.received.length;
    return async () =>
      Promise.all(
        (await smtp.waitFor(before + count, REMINDER_WAIT_MS)).slice(before, before + count).map(parseMail),
      );
  };
  const subjects = () =>
    Promise.all(smtp.received.map(parseMail)).then((mails) => mails.map((mail) => mail.subject));

  it(
    'emails the assignee once at the reminder time: title, due date, the record and a link',
    { timeout: 40_000 },
    async () => {
      const wait = await nextMails(1);
      const task = await create({
        title: 'Enviar proposta',
        due_at: '2030-05-17T20:00:00.000Z',
        remind_at: inSeconds(1),
        lead_id: lead.id,
      });
      const [mail] = await wait();
      // The mail server has the message before the batch's transaction commits: wait for the round.
      await app.jobs.wake();
      expect(mail?.to).toEqual([owner.user.email]);
      expect(mail?.subject).toBe('Lembrete: Enviar proposta');
      expect(mail?.text).toContain('17 de mai. de 2030, 17:00');
      expect(mail?.text).toContain(`${lead.brand_id.name} — ${lead.assessment}`);
      expect(mail?.text).toContain(`http://crm.local/leads/editar/${lead.id}`);
      const [row] = await app.db
        .select({ remindedFor: tasks.remindedFor })
        .from(tasks)
        .where(eq(tasks.id, task.id));
      expect(row?.remindedFor?.toISOString()).toBe(task.remind_at);
      expect(
        await app.db
          .select()
          .from(scheduledJobs)
          .where(eq(scheduledJobs.key, `task_reminder:${task.id}`)),
      ).toEqual([]);

      // Another edit owes nothing; a new reminder time owes a new reminder.
      await patch(task.id, { title: 'Enviar proposta revisada' });
      const again = await nextMails(1);
      await patch(task.id, { remind_at: inSeconds(1) });
      expect((await again())[0]?.subject).toBe('Lembrete: Enviar proposta revisada');
      expect(
        (await subjects()).filter((subject) => subject.startsWith('Lembrete: Enviar proposta')),
      ).toHaveLength(2);
    },
  );

  it('writes it in the language the assignee works in', { timeout: 40_000 }, async () => {
    const english = await signIn(app, { name: 'Emma' });
    await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { ...english.headers, 'accept-language': 'en-US' },
    });
    const wait = await nextMails(1);
    await create({
      title: 'Call back',
      due_at: '2030-05-17T20:00:00.000Z',
      remind_at: inSeconds(1),
      assignee: english.user.id,
    });
    const [mail] = await wait();
    expect(mail?.subject).toBe('Reminder: Call back');
    expect(mail?.text).toContain('May 17, 2030');
  });

  it(
    'sends nothing for a task completed, deleted or rescheduled before its time',
    { timeout: 40_000 },
    async () => {
      const completed = await create({
        title: 'Concluída antes',
        due_at: inSeconds(3600),
        remind_at: inSeconds(1),
      });
      const deleted = await create({
        title: 'Excluída antes',
        due_at: inSeconds(3600),
        remind_at: inSeconds(1),
      });
      const moved = await create({ title: 'Adiada', due_at: inSeconds(3600), remind_at: inSeconds(1) });
      const cleared = await create({
        title: 'Sem lembrete agora',
        due_at: inSeconds(3600),
        remind_at: inSeconds(1),
      });
      expect((await patch(completed.id, { done: true })).statusCode).toBe(200);
      expect(
        (await app.inject({ method: 'DELETE', url: `/api/tasks/${deleted.id}`, headers: owner.headers }))
          .statusCode,
      ).toBe(204);
      expect((await patch(moved.id, { remind_at: inSeconds(7200) })).statusCode).toBe(200);
      expect((await patch(cleared.id, { remind_at: null })).statusCode).toBe(200);
      // A task due after all of them: once its reminder is here, theirs would have come first.
      const wait = await nextMails(1);
      await create({ title: 'Testemunha', due_at: inSeconds(3600), remind_at: inSeconds(2) });
      expect((await wait())[0]?.subject).toBe('Lembrete: Testemunha');
      const sent = await subjects();
      for (const title of ['Concluída antes', 'Excluída antes', 'Adiada', 'Sem lembrete agora']) {
        expect(sent).not.toContain(`Lembrete: ${title}`);
      }
      const [job] = await app.db
        .select()
        .from(scheduledJobs)
        .where(eq(scheduledJobs.key, `task_reminder:${moved.id}`));
      expect(job?.runAt.getTime()).toBeGreaterThan(Date.now() + 3_000_000);
      // Reopening the completed one owes its reminder again (its time has passed: at once).
      const reopened = await nextMails(1);
      await patch(completed.id, { done: false });
      expect((await reopened())[0]?.subject).toBe('Lembrete: Concluída antes');
    },
  );
});
