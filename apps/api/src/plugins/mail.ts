import fp from 'fastify-plugin';
import { createMailer, type MailMessage } from '../lib/mail/mailer';

declare module 'fastify' {
  // Module augmentation only works with an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    mail: {
      /**
       * Hands a message to the mailer without waiting for it: the route answers at once, so its
       * timing says nothing about the message (a reset mail sent or not). A failure is logged.
       */
      sendInBackground: (message: MailMessage) => void;
      /** Sends and resolves once the mail server (or the outbox) has the message; rejects if not. */
      send: (message: MailMessage) => Promise<void>;
      /** Resolves once every message handed over so far has been sent (or has failed). */
      idle: () => Promise<void>;
    };
  }
}

/** The app's mail: SMTP_URL, or .eml files in DATA_DIR/outbox. Closing the app waits for the last message. */
export const mailPlugin = fp(
  async (app) => {
    const mailer = createMailer(app.config, app.log);
    const pending = new Set<Promise<void>>();

    const idle = async () => {
      await Promise.allSettled([...pending]);
    };
    app.decorate('mail', {
      sendInBackground: (message: MailMessage) => {
        const sending = mailer
          .send(message)
          .catch((error: unknown) => app.log.error({ err: error, to: message.to }, 'mail failed'))
          .finally(() => pending.delete(sending));
        pending.add(sending);
      },
      send: (message: MailMessage) => mailer.send(message),
      idle,
    });
    app.addHook('onClose', async () => {
      await idle();
      mailer.close();
    });
  },
  { name: 'funil-mail' },
);
