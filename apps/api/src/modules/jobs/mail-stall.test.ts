import { performance } from 'node:perf_hooks';
import type { Task } from '@funil/shared';
import { notInArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, testDbKind } from '../../../test/build-test-app';
import { createLeadReferences, createLeadVia } from '../../../test/lead-fixtures';
import {
  parseMail,
  type ReceivedMail,
  resetLinkOf,
  startBlackHoleSmtpServer,
  startSmtpServer,
} from '../../../test/mail';
import { signIn } from '../../../test/sign-in';
import { testClock } from '../../../test/test-clock';
import type { App } from '../../app';
import { scheduledJobs } from '../../db/schema';
import type { MailLimits } from '../../lib/mail/mailer';
import { CHORE_JOB_KINDS } from '../../plugins/housekeeping';

const MINUTE = 60_000;

/** A mail server that stalls until `release()`, seen the same way whatever its way of stalling. */
type StallingServer = {
  url: string;
  received: ReceivedMail[];
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedMail[]>;
  /** Resolves once a message of ours is stuck in it. */
  waitForStall: () => Promise<void>;
  /** Whether a message of ours is stuck in it right now. */
  stalling: () => boolean;
  /** Resolves once nothing of ours is stuck in it any more (our client gave up on it). */
  waitForNoneStuck: () => Promise<void>;
  release: () => void;
  close: () => Promise<void>;
};

const STALLING_SERVERS: [string, () => Promise<StallingServer>][] = [
  [
    'accepts the connection and never greets',
    async () => {
      const server = await startBlackHoleSmtpServer();
      return {
        ...server,
        waitForStall: () => server.waitForWaiting(1),
        stalling: () => server.waiting() > 0,
        waitForNoneStuck: () => server.waitForNoneWaiting(),
      };
    },
  ],
  [
    'stops answering once the message is sent (no reply to DATA)',
    async () => {
      const server = await startSmtpServer({ stallAfterData: true });
      return {
        ...server,
        waitForStall: () => server.waitForHeld(1),
        stalling: () => server.held() > 0,
        waitForNoneStuck: () => server.waitForNoneHeld(),
      };
    },
  ],
];

/** Longer than any test here: a send stays stuck for as long as the server stalls. */
const PATIENT: Partial<MailLimits> = {
  connectionTimeoutMs: 10 * MINUTE,
  greetingTimeoutMs: 10 * MINUTE,
  socketTimeoutMs: 10 * MINUTE,
  sendTimeoutMs: 10 * MINUTE,
};
/** Short enough for a stalled send to fail in the test: the failure path is what is tested. */
const IMPATIENT: Partial<MailLimits> = { greetingTimeoutMs: 300, socketTimeoutMs: 300, sendTimeoutMs: 1000 };

// Each round also does the periodic chores due by the moved clock (event pruning every minute), and
// PGlite runs every statement on one connection: these runs take longer than the default limit.
describe.each(STALLING_SERVERS)('a mail server that %s', (stalls, startServer) => {
  const clock = testClock();
  let server: StallingServer;
  let app: App;

  const start = async (mailLimits: Partial<MailLimits>) => {
    server = await startServer();
    app = await buildTestApp({
      env: { SMTP_URL: server.url, APP_URL: 'http://crm.local' },
      jobsClock: clock.now,
      mailLimits,
    });
    const owner = await signIn(app, { name: 'Olívia Dona' });
    const colleague = await signIn(app, { name: 'Caio Colega' });
    const lead = await createLeadVia(app, owner.headers, await createLeadReferences(app, owner.headers));
    return { owner, colleague, lead };
  };
  afterEach(async () => {
    server.release();
    await app.close();
    await server.close();
  });

  const jobsLeft = async () =>
    (
      await app.db
        .select({ key: scheduledJobs.key, attempts: scheduledJobs.attempts, runAt: scheduledJobs.runAt })
        .from(scheduledJobs)
        .where(notInArray(scheduledJobs.kind, CHORE_JOB_KINDS))
        .orderBy(scheduledJobs.key)
    ).map((job) => ({ ...job, kind: job.key.split(':')[0] }));

  it('answers every other request while it stalls; once it answers, each owed email arrives exactly once', async () => {
    const { owner, colleague, lead } = await start(PATIENT);
    const inject = async (
      method: 'GET' | 'POST' | 'PATCH',
      url: string,
      as: { authorization: string } | null,
      payload?: object,
    ) => {
      const started = performance.now();
      const response = await app.inject({ method, url, headers: as ?? {}, payload });
      return { response, ms: performance.now() - started, what: `${method} ${url}` };
    };

    const slowest = (answers: Awaited<ReturnType<typeof inject>>[]) =>
      answers.reduce((a, b) => (b.ms > a.ms ? b : a));
    /** Lists and writes that owe no email, the task named edited among them. */
    const ordinaryRequests = async (taskId: string, title: string) => [
      await inject('GET', '/api/tasks', owner.headers),
      await inject('GET', `/api/leads/${lead.id}`, owner.headers),
      await inject('POST', '/api/tasks', owner.headers, {
        title: 'Outra tarefa',
        due_at: clock.inMs(60 * MINUTE),
        remind_at: null,
      }),
      await inject('PATCH', `/api/tasks/${taskId}`, owner.headers, { title }),
      await inject('GET', '/api/tasks', owner.headers),
    ];
    const createTask = async (title: string, remindAt: string | null) =>
      (
        await inject('POST', '/api/tasks', owner.headers, {
          title,
          due_at: clock.inMs(60 * MINUTE),
          remind_at: remindAt,
          lead_id: lead.id,
        })
      ).response.json<Task>();

    // The same requests with no email on its way, for comparison.
    const quiet = await createTask('Sem lembrete', null);
    const withoutMail = await ordinaryRequests(quiet.id, 'Sem lembrete (editada)');

    const task = await createTask('Reunião de fechamento', clock.inMs(0));
    // Its reminder is due: the runner takes it and the mail server swallows it.
    const round = app.jobs.wake();
    await server.waitForStall();

    const answers = [
      // The very task whose reminder is stuck in the mail server is edited among them.
      ...(await ordinaryRequests(task.id, 'Reunião de fechamento (sala 2)')),
      await inject('POST', `/api/leads/${lead.id}/notes`, owner.headers, {
        body: '@Caio Colega, confirme a sala',
        mentions: [colleague.user.id],
      }),
      await inject('POST', '/api/auth/reset-password', null, { email: colleague.user.email }),
    ];
    // Every answer came while the mail server still held the reminder, and nothing had arrived.
    expect(server.stalling()).toBe(true);
    expect(server.received).toHaveLength(0);
    expect(withoutMail.map((answer) => answer.response.statusCode)).toEqual([200, 200, 201, 200, 200]);
    expect(answers.map((answer) => answer.response.statusCode)).toEqual([200, 200, 201, 200, 200, 201, 202]);
    const during = slowest(answers);
    const before = slowest(withoutMail);
    console.info(
      `[${testDbKind()}] while the mail server ${stalls}: slowest of ${answers.length} requests ` +
        `${during.ms.toFixed(1)} ms (${during.what}); the same requests without mail: ${before.ms.toFixed(1)} ms`,
    );

    server.release();
    await round;
    await app.jobs.wake();
    await server.waitFor(3);
    expect(await jobsLeft()).toEqual([]);
    // Nothing more comes later: not after a retry's delay, not after a lease's end.
    clock.advance(10 * MINUTE);
    await app.jobs.wake();
    const mails = await Promise.all(server.received.map(parseMail));
    expect(mails.map((mail) => [mail.to[0], mail.subject]).sort()).toEqual(
      [
        [owner.user.email, 'Lembrete: Reunião de fechamento'],
        [
          colleague.user.email,
          `Você foi mencionado por Olívia Dona em ${lead.brand_id.name} — ${lead.assessment}`,
        ],
        [colleague.user.email, 'Redefinição de senha do Funil'],
      ].sort(),
    );
    // The reset link, minted as its email left, works.
    const reset = server.received.find((mail) => resetLinkOf(mail.raw));
    const confirm = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password/confirm',
      payload: { token: resetLinkOf(reset?.raw ?? '')?.searchParams.get('token'), password: 'nova-senha-1' },
    });
    expect(confirm.statusCode).toBe(204);
  }, 90_000);

  it('a send that runs out of time is retried every minute at most, never given up, and leaves once when it answers', async () => {
    const { owner, colleague, lead } = await start(IMPATIENT);
    const note = await app.inject({
      method: 'POST',
      url: `/api/leads/${lead.id}/notes`,
      headers: owner.headers,
      payload: { body: '@Caio Colega, veja isto', mentions: [colleague.user.id] },
    });
    expect(note.statusCode).toBe(201);
    // More failures than a doubling delay would allow within the hour: each one retried within a minute.
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      await app.jobs.wake();
      const [job] = await jobsLeft();
      expect(job).toMatchObject({ kind: 'note_mention', attempts: attempt });
      const wait = (job?.runAt.getTime() ?? 0) - clock.now().getTime();
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(MINUTE);
      clock.advance(wait);
    }
    expect(server.received).toHaveLength(0);

    // The server answers again once it has seen our client give up on the last attempt: a message
    // it took whole and answered after our limit would be delivered and sent again (the one
    // email SMTP cannot tell apart), which is not what this test is about.
    await server.waitForNoneStuck();
    server.release();
    clock.advance(MINUTE);
    await app.jobs.wake();
    await server.waitFor(1);
    expect(await jobsLeft()).toEqual([]);
    clock.advance(10 * MINUTE);
    await app.jobs.wake();
    expect(server.received.map((mail) => mail.to)).toEqual([[colleague.user.email]]);
    expect(await jobsLeft()).toEqual([]);
  }, 90_000);
});
