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
    });
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
