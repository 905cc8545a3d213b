import { resolve } from 'node:path';
import { AI_PROVIDERS, type AiProvider } from '@funil/shared';
import { z } from 'zod';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export { AI_PROVIDERS, type AiProvider } from '@funil/shared';

/** A configuration problem the operator has to fix; `problems` holds one readable line each. */
export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

// Every message names the variable, because the operator reads them in a terminal, not in code.
const text = () => z.string().optional();
const url = (name: string) => z.url(`${name} must be a URL`).optional();
const oneOf = <const T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.enum(values, `${name} must be one of: ${values.join(', ')}`);

/** BrasilAPI's mirror of the Receita Federal's open CNPJ data (minha-receita's record format). */
export const DEFAULT_CNPJ_LOOKUP_URL = 'https://brasilapi.com.br/api/cnpj/v1';

/** Variables that only mean something with S3_BUCKET. */
const S3_SETTINGS = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

const envSchema = z
  .object({
    PORT: z.coerce
      .number(`PORT must be a number`)
      .int('PORT must be an integer')
      .min(0, 'PORT must be between 0 and 65535')
      .max(65535, 'PORT must be between 0 and 65535')
      .default(3000),
    HOST: z.string().default('127.0.0.1'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// URL')
      .optional(),
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
    SESSION_TTL_HOURS: z.coerce
      .number('SESSION_TTL_HOURS must be a number')
      .positive('SESSION_TTL_HOURS must be greater than 0')
      .default(12),
    SESSION_CACHE_SECONDS: z.coerce
      .number('SESSION_CACHE_SECONDS must be a number')
      .min(0, 'SESSION_CACHE_SECONDS must be 0 or more')
      .max(3600, 'SESSION_CACHE_SECONDS must be at most 3600')
      .default(30),
    APP_URL: url('APP_URL'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().default('Funil <no-reply@localhost>'),
    MAIL_TIME_ZONE: z
      .string()
      .refine(isTimeZone, 'MAIL_TIME_ZONE must be an IANA time zone such as America/Sao_Paulo')
      .default('America/Sao_Paulo'),
    REGISTRATION: oneOf('REGISTRATION', ['open', 'closed']).default('open'),
    ALLOWED_EMAIL_DOMAINS: text(),
    AI_PROVIDER: oneOf('AI_PROVIDER', AI_PROVIDERS).optional(),
    GEMINI_API_KEY: text(),
    GEMINI_MODEL: z.string().default('gemini-2.5-flash'),
    GEMINI_BASE_URL: url('GEMINI_BASE_URL').default('https://generativelanguage.googleapis.com'),
    OPENAI_API_KEY: text(),
    OPENAI_BASE_URL: url('OPENAI_BASE_URL').default('https://api.openai.com/v1'),
    OPENAI_MODEL: z.string().default('gpt-4o-mini'),
    GOOGLE_CLIENT_ID: text(),
    GOOGLE_CLIENT_SECRET: text(),
    GOOGLE_ISSUER: url('GOOGLE_ISSUER').default('https://accounts.google.com'),
    CNPJ_LOOKUP_URL: z
      .union(
        [z.literal('off'), z.url('CNPJ_LOOKUP_URL must be a URL or off')],
        'CNPJ_LOOKUP_URL must be a URL or off',
      )
      .default(DEFAULT_CNPJ_LOOKUP_URL),
    LOG_LEVEL: oneOf('LOG_LEVEL', LOG_LEVELS).default('info'),
    S3_BUCKET: text(),
    S3_ENDPOINT: url('S3_ENDPOINT'),
    S3_REGION: text(),
    S3_ACCESS_KEY_ID: text(),
    S3_SECRET_ACCESS_KEY: text(),
    S3_FORCE_PATH_STYLE: oneOf('S3_FORCE_PATH_STYLE', ['true', 'false']).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.AI_PROVIDER === 'gemini' && !env.GEMINI_API_KEY) {
      ctx.addIssue({ code: 'custom', message: 'GEMINI_API_KEY is required when AI_PROVIDER is gemini' });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
      });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
      });
    }
    // Without a bucket the pictures stay in the database: an S3 setting alone is most likely a
    // bucket forgotten, and silently ignoring it would keep the pictures where nobody expects.
    const s3Settings = S3_SETTINGS.filter((name) => env[name] !== undefined);
    if (!env.S3_BUCKET && s3Settings.length > 0) {
      const verb = s3Settings.length === 1 ? 'is' : 'are';
      ctx.addIssue({
        code: 'custom',
        message: `S3_BUCKET is required when ${s3Settings.join(', ')} ${verb} set`,
      });
    }
  });

/** An S3-compatible bucket for brand pictures. */
export type S3Config = {
  bucket: string;
  /** Unset: AWS's own endpoint for the region; set for MinIO and other S3-compatible servers. */
  endpoint: string | undefined;
  region: string;
  /** Both unset: the AWS SDK's own credential chain (AWS_* variables, profile, instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** bucket in the path (`endpoint/bucket/key`) rather than the host name; MinIO needs it. */
  forcePathStyle: boolean;
};

export type Config = {
  port: number;
  host: string;
  /**
   * Absolute. Holds db/ (PGlite), the generated JWT secret and outbox/; uploads/brands only until
   * start-up has moved pictures of older versions into the picture store.
   */
  dataDir: string;
  /** Unset: embedded PGlite in `dataDir/db`. */
  databaseUrl: string | undefined;
  /** Unset: generated once and kept in DATA_DIR (done by the auth module). */
  jwtSecret: string | undefined;
  sessionTtlHours: number;
  /** How long a process trusts a token it has checked (0: every request reads its session). */
  sessionCacheSeconds: number;
  appUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The time zone of the dates in emails sent without a request (reminders). */
  mailTimeZone: string;
  registration: 'open' | 'closed';
  /** Lower-cased; empty means any domain. */
  allowedEmailDomains: string[];
  ai: {
    provider: AiProvider | null;
    gemini: { apiKey: string | undefined; model: string; baseUrl: string };
    openai: { apiKey: string | undefined; model: string; baseUrl: string };
  };
  google: { clientId: string | undefined; clientSecret: string | undefined; issuer: string };
  /** Base address of the CNPJ mirror (no trailing slash); null when lookups are off. */
  cnpjLookupUrl: string | null;
  logLevel: LogLevel;
  /** Where brand pictures are stored: this bucket, or null for the database. */
  s3: S3Config | null;
};

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export type Env = Record<string, string | undefined>;

/**
 * Environment → typed configuration. An empty variable counts as unset (a `.env` copied from
 * `.env.example` leaves many `KEY=` lines). Throws a ConfigError listing every problem at once.
 */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => (entry[1] ?? '').trim() !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) throw new ConfigError([...new Set(parsed.error.issues.map((issue) => issue.message))]);
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailTimeZone: e.MAIL_TIME_ZONE,
    registration: e.REGISTRATION,
    allowedEmailDomains: (e.ALLOWED_EMAIL_DOMAINS ?? '')
      .split(',')
      .map((domain) => domain.trim().toLowerCase())
      .filter(Boolean),
    ai: {
      provider: e.AI_PROVIDER ?? null,
      gemini: { apiKey: e.GEMINI_API_KEY, model: e.GEMINI_MODEL, baseUrl: e.GEMINI_BASE_URL },
      openai: { apiKey: e.OPENAI_API_KEY, model: e.OPENAI_MODEL, baseUrl: e.OPENAI_BASE_URL },
    },
    google: { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER },
    cnpjLookupUrl: e.CNPJ_LOOKUP_URL === 'off' ? null : e.CNPJ_LOOKUP_URL.replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
          region: e.S3_REGION ?? 'us-east-1',
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
        }
      : null,
  };
}
