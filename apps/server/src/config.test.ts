import { describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv } from './config.ts';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    configFromEnv(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration from the environment', () => {
  it('uses the defaults when nothing is set, and empty values count as unset', () => {
    const config = configFromEnv({ PORT: '', LOG_LEVEL: '' });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      seedDemo: true,
      logLevel: 'info',
      sessionHours: 12,
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      preparedStatements: true,
      trustProxy: false,
    });
  });

  it('keeps the demo clinic on this machine, and out of production', () => {
    expect(configFromEnv({ SEED_DEMO: 'false' }).host).toBe('0.0.0.0');
    expect(configFromEnv({ HOST: '0.0.0.0' })).toMatchObject({ host: '0.0.0.0', seedDemo: true });
    expect(configFromEnv({ NODE_ENV: 'production' })).toMatchObject({
      seedDemo: false,
      host: '0.0.0.0',
    });
    expect(problemsOf({ NODE_ENV: 'production', SEED_DEMO: 'true' })).toEqual([
      'SEED_DEMO cannot be true when NODE_ENV=production: every demo user has a published password',
    ]);
  });

  it('reads every setting it is given', () => {
    const config = configFromEnv({
      PORT: '8080',
      LOG_LEVEL: 'warn',
      DATABASE_URL: 'postgres://owner@db:5432/clinic',
      DATABASE_PREPARED_STATEMENTS: 'false',
      TRUST_PROXY: '1',
      SHUTDOWN_TIMEOUT_SECONDS: '30',
    });
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'http://localhost:8080',
      logLevel: 'warn',
      databaseUrl: 'postgres://owner@db:5432/clinic',
      preparedStatements: false,
      trustProxy: 1,
      shutdownTimeoutSeconds: 30,
    });
  });

  it('refuses bad values, naming each variable, instead of falling back to a default', () => {
    expect(
      problemsOf({
        PORT: 'abc',
        LOG_LEVEL: 'loud',
        SESSION_HOURS: '0',
        DATABASE_PREPARED_STATEMENTS: 'yes',
        DATABASE_URL: 'not a url',
      }),
    ).toEqual([
      'DATABASE_URL must be a URL',
      'DATABASE_PREPARED_STATEMENTS must be true or false',
      'PORT must be a whole number',
      'SESSION_HOURS must be at least 1',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    ]);
    expect(problemsOf({ PORT: '70000' })).toEqual(['PORT must be at most 65535']);
  });
});
