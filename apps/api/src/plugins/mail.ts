import fp from 'fastify-plugin';
import { createMailer, DEFAULT_MAIL_LIMITS, type MailLimits, type MailMessage } from '../lib/mail/mailer';

declare module 'fastify' {
  // Module augmentation only works with an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    mail: {
      /**
       * Sends and resolves once the mail server (or the outbox) has the message; rejects if not,
       * within `limits.sendTimeoutMs` at most. Requests never call it: what they owe is a job
       * (plugins/scheduled-jobs.ts), so no answer waits for a mail server.
       */
      send: (message: MailMessage, signal?: AbortSignal) => Promise<void>;
      /** How long the mail server may keep a message waiting. */
      limits: MailLimits;
    };
  }
}

export type MailPluginOptions = {
  /** The mailer's limits (default DEFAULT_MAIL_LIMITS); tests shorten them. */
  limits?: Partial<MailLimits> | undefined;
};

/** The app's mail: SMTP_URL, or .eml files in DATA_DIR/outbox. */
export const mailPlugin = fp<MailPluginOptions>(
  async (app, options) => {
    const limits = { ...DEFAULT_MAIL_LIMITS, ...options.limits };
    const { smtpUrl, mailFrom, dataDir } = app.config;
    const mailer = createMailer({ smtpUrl, mailFrom, dataDir, limits }, app.log);
    app.decorate('mail', { send: mailer.send, limits });
    app.addHook('onClose', async () => {
      mailer.close();
    });
  },
  { name: 'funil-mail' },
);
