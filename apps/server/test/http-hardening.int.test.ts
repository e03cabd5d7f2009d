import { describe, expect, it } from 'vitest';
import { setupApiTest } from './api-fixture.ts';
import { buildApp } from '../src/app.ts';
import { configFromEnv } from '../src/config.ts';
import { openTestDatabase } from './helpers.ts';

const { t } = setupApiTest({ clinics: 0 });

describe('HTTP hardening', () => {
  it('answers with security headers that keep the app in its own origin', async () => {
    const response = await t.call('GET', '/api/v1/tel-codes/default');
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('never writes a session token or a display key from the address into the log', async () => {
    const lines: string[] = [];
    const database = await openTestDatabase();
    const app = await buildApp(
      { ...configFromEnv({}), logLevel: 'info', logRequests: true },
      { database, logger: { write: (line) => lines.push(line) } },
    );
    try {
      await app.ready();
      await app.inject({ url: '/api/v1/queue/display?visitDate=1&key=dsp_very-secret-key' });
      await app.inject({ url: '/api/v1/notifications/ws?branchId=x&token=very-secret-token' });
    } finally {
      await app.close();
      await database.close();
    }
    const log = lines.join('');
    expect(log).toContain('key=[redacted]');
    expect(log).toContain('token=[redacted]');
    expect(log).not.toContain('very-secret');
  });
});
