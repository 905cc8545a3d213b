import { CATALOGUE_RESOURCES, JSON_BODY_LIMIT_BYTES, SPREADSHEET_KINDS } from '@funil/shared';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
  type RawServerDefault,
} from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { createDb, type DbHandle } from './db/client';
import { runMigrations } from './db/migrate';
import { AppError } from './lib/app-error';
import type { MailLimits } from './lib/mail/mailer';
import { genReqId, loggerOptions } from './lib/logger';
import { findNulCharacter } from './lib/nul-character';
import { RequestLogController } from './lib/request-log';
import { aiChatRoutes, openaiRoutes } from './modules/ai/ai.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { brandRoutes } from './modules/brands/brands.routes';
import { catalogueRoutes } from './modules/catalogues/catalogues.routes';
import { companyRoutes } from './modules/companies/companies.routes';
import { contactRoutes } from './modules/contacts/contacts.routes';
import { eventRoutes } from './modules/events/events.routes';
import { franchiseRoutes } from './modules/franchises/franchises.routes';
import { healthRoutes } from './modules/health/health.routes';
import { importRoutes } from './modules/spreadsheets/import/import.routes';
import { leadRoutes } from './modules/leads/leads.routes';
import { offeringRoutes } from './modules/offerings/offerings.routes';
import { noteRoutes, recordNoteRoutes } from './modules/notes/notes.routes';
import { taskRoutes } from './modules/tasks/tasks.routes';
import { timelineRoutes } from './modules/timeline/timeline.routes';
import { pipelineSettingsRoutes } from './modules/pipeline-settings/pipeline-settings.routes';
import { reportRoutes } from './modules/reports/reports.routes';
import { exportRoutes } from './modules/spreadsheets/export/export.routes';
import { userRoutes } from './modules/users/users.routes';
import { webDistDir } from './paths';
import { authPlugin } from './plugins/auth';
import { type BulkSlotOptions, bulkSlotsPlugin } from './plugins/bulk-slots';
import { databaseListenerPlugin } from './plugins/database-listener';
import { dbPlugin } from './plugins/db';
import { errorBodyFor, errorsPlugin } from './plugins/errors';
import { fileStorePlugin } from './plugins/file-store';
import { responseSerializerCompiler } from './lib/response-serializer';
import { gracefulClosePlugin } from './plugins/graceful-close';
import { liveEventsPlugin } from './plugins/live-events';
import { i18nPlugin } from './plugins/i18n';
import { mailPlugin } from './plugins/mail';
import { scheduledJobsPlugin } from './plugins/scheduled-jobs';
import { openapiPlugin } from './plugins/openapi';
import { rateLimitPlugin } from './plugins/rate-limit';
import { securityPlugin } from './plugins/security';
import { spaPlugin } from './plugins/spa';

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  // Module augmentation only works with an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    config: Config;
  }
}

export type BuildAppOptions = {
  /** An open database; default: opened from the config (PGlite in DATA_DIR or DATABASE_URL). */
  db?: DbHandle;
  /** Apply pending migrations before serving (default true). */
  migrate?: boolean;
  /** The web build to serve; default apps/web/dist. Tests point it at a temporary folder. */
  webDistDir?: string;
  /** pino options, or false for silence (tests); default from LOG_LEVEL. */
  logger?: FastifyServerOptions['logger'];
  /** How long an AI provider has to answer; default 60 s. Tests shorten it. */
  aiTimeoutMs?: number;
  /** How often live-update streams are pinged; default 25 s. Tests shorten it. */
  eventsPingMs?: number;
  /** How long events stay in the log for reconnecting clients; default 15 minutes. */
  eventsKeepMs?: number;
  /** The longest wait between two looks at the scheduled jobs; default 10 s. */
  jobsMaxIdleMs?: number;
  /** The scheduled jobs' clock (what is due, leases, retries); default the system's. Tests move it. */
  jobsClock?: () => Date;
  /** How long the mail server may keep a message waiting; default DEFAULT_MAIL_LIMITS. Tests shorten it. */
  mailLimits?: Partial<MailLimits>;
  /** Exports and imports at once (per user, per process) and their idle limit; tests change them. */
  bulk?: BulkSlotOptions;
  /** How long the CNPJ mirror has to answer; default 10 s. Tests shorten it. */
  cnpjLookupTimeoutMs?: number;
};

/**
 * The whole HTTP application, without listening. server.ts and the tests build the same thing;
 * closing the app closes its database.
 */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<App> {
  const handle = options.db ?? (await createDb(config));
  try {
    if (options.migrate ?? true) await runMigrations(handle);
  } catch (error) {
    if (!options.db) await handle.close();
    throw error;
  }

  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    genReqId,
    logController: new RequestLogController(),
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // Behind a reverse proxy the client address comes from X-Forwarded-For (sessions record it).
    trustProxy: true,
    routerOptions: { ignoreTrailingSlash: true },
    // Malformed URLs (bad percent-encoding) answer the same error body as everything else.
    frameworkErrors: (_error, request, reply) => {
      void (reply as FastifyReply).code(400).send(errorBodyFor(request, 400, 'errors:bad_request'));
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('config', config);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  await app.register(gracefulClosePlugin);
  await app.register(i18nPlugin);
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(dbPlugin, { handle });
  await app.register(bulkSlotsPlugin, options.bulk ?? {});
  await app.register(databaseListenerPlugin);
  await app.register(fileStorePlugin);
  // Before any route (the docs' included), so its onRoute check sees every /api route.
  await app.register(authPlugin);
  await app.register(rateLimitPlugin);
  await app.register(liveEventsPlugin, { pingMs: options.eventsPingMs });
  await app.register(mailPlugin, { limits: options.mailLimits });
  await app.register(scheduledJobsPlugin, {
    maxIdleMs: options.jobsMaxIdleMs,
    now: options.jobsClock,
    eventsKeepMs: options.eventsKeepMs,
  });
  await app.register(openapiPlugin);

  await app.register(
    async (api) => {
      api.addHook('preValidation', (request, _reply, done) => {
        // An empty query parameter (`name=`) is treated as absent, for every route.
        const query = request.query as Record<string, unknown> | undefined;
        if (query && typeof query === 'object') {
          for (const key in query) if (query[key] === '') delete query[key];
        }
        // PostgreSQL text cannot hold U+0000: refuse it in any parameter or body field (400),
        // rather than let the statement fail (500).
        const field =
          findNulCharacter(request.params) ??
          findNulCharacter(request.query) ??
          findNulCharacter(request.body);
        done(field === undefined ? undefined : new AppError(400, 'errors:nul_character', { field }));
      });
      // Every module declares its routes relative to the resource it serves ('/', '/:id',
      // '/:id/notes', '/export') and is registered here with that resource's path as its prefix,
      // once per resource when it serves several: this list is the whole map of /api.
      await api.register(healthRoutes, { prefix: '/health' });
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(userRoutes, { prefix: '/users' });
      for (const resource of CATALOGUE_RESOURCES) {
        await api.register(catalogueRoutes, { prefix: `/${resource}`, resource });
      }
      await api.register(franchiseRoutes, { prefix: '/franchises' });
      await api.register(brandRoutes, { prefix: '/brands' });
      await api.register(contactRoutes, { prefix: '/contacts' });
      await api.register(leadRoutes, { prefix: '/leads' });
      await api.register(offeringRoutes, { prefix: '/offerings' });
      // A lead's and a brand's notes and timeline (/api/leads/:id/notes, /api/brands/:id/timeline…).
      for (const [prefix, type] of [
        ['/leads', 'lead'],
        ['/brands', 'brand'],
      ] as const) {
        await api.register(recordNoteRoutes, { prefix, type });
        await api.register(timelineRoutes, { prefix, owner: type });
      }
      await api.register(noteRoutes, { prefix: '/notes' });
      await api.register(taskRoutes, { prefix: '/tasks' });
      await api.register(pipelineSettingsRoutes, { prefix: '/settings' });
      await api.register(reportRoutes, { prefix: '/reports' });
      // /api/{brands,leads,contacts,offerings}/import and /export: each import with its own
      // multipart limits.
      for (const kind of SPREADSHEET_KINDS) {
        await api.register(importRoutes, { prefix: `/${kind}`, kind });
        await api.register(exportRoutes, { prefix: `/${kind}`, kind });
      }
      await api.register(companyRoutes, { prefix: '/companies', timeoutMs: options.cnpjLookupTimeoutMs });
      await api.register(eventRoutes, { prefix: '/events' });
      // The AI assistant: /api/openai/status, /api/openai/gemini and /api/ai/chat, one shared limit.
      const aiOptions = { timeoutMs: options.aiTimeoutMs, lookupTimeoutMs: options.cnpjLookupTimeoutMs };
      await api.register(openaiRoutes, { prefix: '/openai', ...aiOptions });
      await api.register(aiChatRoutes, { prefix: '/ai', ...aiOptions });
    },
    { prefix: '/api' },
  );

  await app.register(spaPlugin, { distDir: options.webDistDir ?? webDistDir });
  return app;
}
