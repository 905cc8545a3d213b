import fp from 'fastify-plugin';
import { PASSWORD_RESET_JOB, passwordResetJobKind } from '../modules/auth/password-reset-jobs';
import { eventPruningChore, housekeepingChore } from './housekeeping';
import { createJobRunner } from '../modules/jobs/job-runner';
import { periodicChoreKind, schedulePeriodicChores } from '../modules/jobs/periodic-chores';
import { MENTION_JOB, mentionJobKind } from '../modules/notes/mention-jobs';
import { REMINDER_JOB, reminderJobKind } from '../modules/tasks/reminder-jobs';

declare module 'fastify' {
  // Module augmentation only works with an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** The shared queue of scheduled jobs (reminders, mentions' and reset links' emails) this process helps run. */
    jobs: { wake: () => Promise<void> };
  }
}

export type ScheduledJobsOptions = {
  /** The longest wait between two looks at the queue (default 10 s). */
  maxIdleMs?: number | undefined;
  /** The clock deciding what is due (default the system's); tests move it. */
  now?: (() => Date) | undefined;
  /** How long live-update events stay in the log for reconnecting clients (default 15 minutes). */
  eventsKeepMs?: number | undefined;
};

/**
 * Every process runs the due jobs of the queue all processes share — emails, and the periodic
 * chores (housekeeping.ts: purging expired sign-in records and old live-update events),
 * each of which one process at a time does at its interval: at start (jobs that fell due
 * while no process was running), when a job is added or moved (`funil_jobs`, from any process),
 * when the next job's time comes, and at least every `maxIdleMs`. A job's lease lasts twice the
 * longest a send may take, so a live process never loses a job it is sending. Closing waits for
 * the round in progress (emails being sent get a few seconds, then go back to the queue).
 */
export const scheduledJobsPlugin = fp<ScheduledJobsOptions>(
  async (app, options) => {
    const chores = [housekeepingChore, eventPruningChore(options.eventsKeepMs ?? 15 * 60_000)];
    const runner = createJobRunner({
      db: app.db,
      kinds: {
        [REMINDER_JOB]: reminderJobKind({ appUrl: app.config.appUrl, timeZone: app.config.mailTimeZone }),
        [MENTION_JOB]: mentionJobKind(app.config.appUrl),
        [PASSWORD_RESET_JOB]: passwordResetJobKind(app.config.appUrl),
        ...Object.fromEntries(chores.map((chore) => [chore.kind, periodicChoreKind(chore, app.log)])),
      },
      send: app.mail.send,
      log: app.log,
      now: options.now,
      maxIdleMs: options.maxIdleMs,
      leaseMs: 2 * app.mail.limits.sendTimeoutMs,
    });
    // The chores' jobs are made sure of at start and whenever the database comes back: a start
    // while the database is away must still serve (health answers 503, sessions wait), and the
    // chores must not stay unscheduled until the next restart.
    const scheduleChores = () =>
      schedulePeriodicChores(app.db, chores, (options.now ?? (() => new Date()))()).catch((error: unknown) =>
        app.log.warn({ err: error }, 'periodic chores not scheduled; tried again when the database is back'),
      );
    app.decorate('jobs', { wake: runner.wake });
    app.dbListener.on('funil_jobs', () => void runner.wake());
    // Notifications missed while the listening connection was down: look at the queue on return.
    app.dbListener.onConnection((isListening) => {
      if (isListening) void scheduleChores().then(runner.wake);
    });
    app.addHook('onReady', async () => {
      await scheduleChores();
      void runner.wake();
    });
    app.addHook('preClose', () => runner.stop());
  },
  { name: 'funil-scheduled-jobs', dependencies: ['funil-db', 'funil-database-listener', 'funil-mail'] },
);
