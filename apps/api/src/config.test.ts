import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env, '/srv/funil');
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({}, '/srv/funil');
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/srv/funil/data',
      databaseUrl: undefined,
      sessionTtlHours: 12,
      appUrl: 'http://localhost:3000',
      registration: 'open',
      allowedEmailDomains: [],
      ai: { provider: null },
      google: { issuer: 'https://accounts.google.com' },
      cnpjLookupUrl: 'https://brasilapi.com.br/api/cnpj/v1',
      logLevel: 'info',
      s3: null,
    });
  });

  it('reads the S3 bucket for brand pictures, with its defaults', () => {
    expect(loadConfig({ S3_BUCKET: 'funil-pictures' }).s3).toEqual({
      bucket: 'funil-pictures',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
    expect(
      loadConfig({
        S3_BUCKET: 'funil',
        S3_ENDPOINT: 'http://minio:9000/',
        S3_REGION: 'sa-east-1',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).s3,
    ).toEqual({
      bucket: 'funil',
      endpoint: 'http://minio:9000',
      region: 'sa-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });

  it('refuses S3 settings that cannot work', () => {
    expect(problemsOf({ S3_BUCKET: 'b', S3_ENDPOINT: 'minio' })).toEqual(['S3_ENDPOINT must be a URL']);
    expect(problemsOf({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'yes' })).toEqual([
      'S3_FORCE_PATH_STYLE must be one of: true, false',
    ]);
    expect(problemsOf({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' })).toEqual([
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    ]);
    expect(problemsOf({ S3_ENDPOINT: 'http://minio:9000' })).toEqual([
      'S3_BUCKET is required when S3_ENDPOINT is set',
    ]);
    expect(problemsOf({ S3_REGION: 'sa-east-1', S3_FORCE_PATH_STYLE: 'true' })).toEqual([
      'S3_BUCKET is required when S3_REGION, S3_FORCE_PATH_STYLE are set',
    ]);
  });

  it('reads CNPJ_LOOKUP_URL, off, and refuses anything else', () => {
    expect(loadConfig({ CNPJ_LOOKUP_URL: 'https://minhareceita.org/' }).cnpjLookupUrl).toBe(
      'https://minhareceita.org',
    );
    expect(loadConfig({ CNPJ_LOOKUP_URL: 'off' }).cnpjLookupUrl).toBeNull();
    expect(problemsOf({ CNPJ_LOOKUP_URL: 'brasilapi' })).toEqual(['CNPJ_LOOKUP_URL must be a URL or off']);
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', AI_PROVIDER: '', APP_URL: ' ' }, '/srv/funil');
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.ai.provider).toBeNull();
  });

  it('derives APP_URL from PORT and parses lists', () => {
    const config = loadConfig({ PORT: '8080', ALLOWED_EMAIL_DOMAINS: ' Empresa.com.br, empresa.com ,' });
    expect(config.appUrl).toBe('http://localhost:8080');
    expect(config.allowedEmailDomains).toEqual(['empresa.com.br', 'empresa.com']);
  });

  it('says "PORT must be a number" for PORT=abc', () => {
    expect(problemsOf({ PORT: 'abc' })).toEqual(['PORT must be a number']);
  });

  it('lists every problem at once, readably', () => {
    const problems = problemsOf({
      PORT: '70000',
      REGISTRATION: 'maybe',
      DATABASE_URL: 'mysql://x',
      LOG_LEVEL: 'loud',
      AI_PROVIDER: 'gemini',
    });
    expect(problems).toEqual([
      'PORT must be between 0 and 65535',
      'DATABASE_URL must be a postgres:// or postgresql:// URL',
      'REGISTRATION must be one of: open, closed',
      'LOG_LEVEL must be one of: fatal, error, warn, info, debug, trace, silent',
    ]);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/Invalid configuration:\n {2}- PORT must be a number/);
  });

  it('checks variables that only make sense together', () => {
    expect(problemsOf({ AI_PROVIDER: 'gemini' })).toEqual([
      'GEMINI_API_KEY is required when AI_PROVIDER is gemini',
    ]);
    expect(problemsOf({ GOOGLE_CLIENT_ID: 'id' })).toEqual([
      'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
    ]);
  });
});
