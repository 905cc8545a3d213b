import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/client';
import { rawRows } from '../../src/db/raw-rows';
import { CHORE_JOB_KINDS } from '../../src/plugins/housekeeping';
import { createPostgresTestDatabase, tempDir, testDbKind } from '../build-test-app';
import { parseMail, startSmtpServer } from '../mail';
import { callApi, registerFirstAdmin, type ServerProcess, startServerProcess } from './server-process';

/** Reminders leave within 30 s of their time. */
const REMINDER_WAIT_MS = 30_000;
/** How long the last jobs may take to be finished once their emails have arrived. */
const SETTLE_MS = 5_000;

describe('reminders sent by real server processes', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const servers: ServerProcess[] = [];
  const drops: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    for (const server of servers) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    for (const drop of drops) await drop();
    await smtp.close();
  });

  const start = async (dataDir: string, databaseUrl?: string) => {
    const server = await startServerProcess({
      dataDir,
      ...(databaseUrl ? { databaseUrl } : {}),
      env: { SMTP_URL: smtp.url },
    });
    servers.push(server);
    return server;
  };
  const stop = async (server: ServerProcess) => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    servers.splice(servers.indexOf(server), 1);
  };
  const createTask = async (server: ServerProcess, token: string, body: Record<string, unknown>) => {
    const answer = await callApi(server.baseURL, '/api/tasks', { token, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as { id: string };
  };

  it.runIf(testDbKind() === 'postgres')(
    'sends each of 100 reminders falling due at once exactly once, with three processes on one database',
    { timeout: 120_000 },
    async () => {
      const database = await createPostgresTestDatabase();
      drops.push(database.drop);
      const first = await start(tempDir('funil-reminders-1-'), database.url);
      const token = await registerFirstAdmin(first.baseURL);
      const three = [
        first,
        await start(tempDir('funil-reminders-2-'), database.url),
        await start(tempDir('funil-reminders-3-'), database.url),
      ];
      const before = smtp.received.length;
      // One moment for all of them, a few seconds ahead: they are all written before it comes.
      const moment = new Date(Date.now() + 4000).toISOString();
      await Promise.all(
        Array.from({ length: 100 }, (_, n) =>
          createTask(three[n % 3] as ServerProcess, token, {
            title: `Lote ${n}`,
            due_at: moment,
            remind_at: moment,
          }),
        ),
      );
      await smtp.waitFor(before + 100, REMINDER_WAIT_MS);
      // Nothing is left to send: no job is queued and every task remembers its reminder. So no
      // later duplicate can come. A job is finished just after the mail server has its email:
      // the last ones may still be finishing, so the state is read until it settles (bounded).
      const db = await createDb({ databaseUrl: database.url, dataDir: tempDir() });
      try {
        const readState = async () =>
          rawRows<{ jobs: number; owed: number }>(
            await db.db
              .execute(sql`select (select count(*)::int from scheduled_jobs where kind not in ${CHORE_JOB_KINDS}) as jobs,
              (select count(*)::int from tasks where reminded_for is distinct from remind_at) as owed`),
          )[0];
        const deadline = Date.now() + SETTLE_MS;
        let state = await readState();
        while ((state?.jobs !== 0 || state?.owed !== 0) && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          state = await readState();
        }
        expect(state).toEqual({ jobs: 0, owed: 0 });
      } finally {
        await db.close();
      }
      const subjects = (await Promise.all(smtp.received.slice(before).map(parseMail))).map(
        (mail) => mail.subject,
      );
      expect(subjects).toHaveLength(100);
      expect(new Set(subjects).size).toBe(100);
      expect([...subjects].sort()).toEqual(
        Array.from({ length: 100 }, (_, n) => `Lembrete: Lote ${n}`).sort(),
      );
    },
  );

  it(
    'sends, at the next start, a reminder that fell due while no process was running',
    { timeout: 120_000 },
    async () => {
      const dataDir = tempDir('funil-reminders-restart-');
      let databaseUrl: string | undefined;
      if (testDbKind() === 'postgres') {
        const database = await createPostgresTestDatabase();
        drops.push(database.drop);
        databaseUrl = database.url;
      }
      const server = await start(dataDir, databaseUrl);
      const token = await registerFirstAdmin(server.baseURL);
      const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
      const task = await createTask(server, token, { title: 'Vencido com tudo parado', due_at: inAnHour });
      await stop(server);
      // While everything is down, its time comes: the hour passes (its reminder time is moved into
      // the past, as the clock would have done), with no process there to send it.
      const db = await createDb({ databaseUrl, dataDir });
      try {
        await db.db.execute(
          sql`update tasks set remind_at = now() - interval '5 minutes', due_at = now() - interval '5 minutes' where id = ${task.id}`,
        );
      } finally {
        await db.close();
      }
      const before = smtp.received.length;
      await start(dataDir, databaseUrl);
      const [mail] = (await smtp.waitFor(before + 1, REMINDER_WAIT_MS)).slice(before);
      expect(mail && (await parseMail(mail)).subject).toBe('Lembrete: Vencido com tudo parado');
    },
  );
});
