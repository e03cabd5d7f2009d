import type { SessionInfo } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import { randomBytes, randomInt } from 'node:crypto';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { configFromEnv, type AppConfig } from '../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/connection.ts';
import { Mailbox } from './mailbox.ts';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
}

export interface CallOptions {
  body?: unknown;
  /** Sent as is, for malformed-body tests. */
  rawBody?: string;
  token?: string;
  branchId?: string;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

export interface TestApp {
  app: FastifyInstance;
  mailbox: Mailbox;
  database: DatabaseHandle;
  call<T = any>(method: string, url: string, options?: CallOptions): Promise<ApiResponse<T>>;
  close(): Promise<void>;
}

/** A random private address, so rate limits of one test do not touch another. */
export function randomAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export function unique(prefix: string): string {
  return `${prefix}-${randomBytes(5).toString('hex')}`;
}

/** Opens the run's database: the migrated PostgreSQL one, or a fresh PGlite. */
export function openTestDatabase(): Promise<DatabaseHandle> {
  const url = inject('databaseUrl');
  return url === 'pglite'
    ? openDatabase({ databaseUrl: undefined, dataDir: 'memory', migrate: true })
    : openDatabase({ databaseUrl: url, dataDir: 'unused', migrate: false, poolSize: 5 });
}

/** The real app on the run's database, mailing to a real local SMTP server. */
export async function startTestApp(
  overrides: Partial<AppConfig> = {},
  database?: DatabaseHandle,
): Promise<TestApp> {
  const mailbox = new Mailbox();
  const smtpUrl = await mailbox.start();
  const db = database ?? (await openTestDatabase());
  const config: AppConfig = {
    ...configFromEnv({}),
    smtpUrl,
    publicUrl: 'http://clinic.test',
    logLevel: 'error',
    ...overrides,
  };
  const app = await buildApp(config, { database: db, logger: false });
  await app.ready();
  const defaultAddress = randomAddress();
  return {
    app,
    mailbox,
    database: db,
    async call(method, url, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.branchId) headers.branchid = options.branchId;
      let payload: string | undefined;
      if (options.rawBody !== undefined) {
        payload = options.rawBody;
        headers['content-type'] ??= 'application/json';
      } else if (options.body !== undefined) {
        payload = JSON.stringify(options.body);
        headers['content-type'] = 'application/json';
      }
      const response = await app.inject({
        method: method as 'GET',
        url,
        headers,
        payload,
        remoteAddress: options.remoteAddress ?? defaultAddress,
      });
      const text = response.body;
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON: keep the text
      }
      return { status: response.statusCode, body: body as never, headers: response.headers };
    },
    async close() {
      await app.close();
      await mailbox.stop();
      if (!database) await db.close();
    },
  };
}

export interface Clinic {
  tenantId: string;
  subdomain: string;
  email: string;
  password: string;
  session: SessionInfo;
  token: string;
  branchId: string;
}

export function registrationBody(overrides: Record<string, unknown> = {}) {
  const subdomain = unique('clinic');
  return {
    subdomain,
    clinic: `Clinic ${subdomain}`,
    firstName: 'Grace',
    lastName: 'Ho',
    email: `${subdomain}@example.com`,
    country: 'SG',
    timezone: 480,
    ...overrides,
  };
}

export async function readActivationCode(t: TestApp, email: string): Promise<string> {
  const match = await t.mailbox.waitFor(email, /activation code is:\s+(\d{4} \d{4})/);
  return match[1]!;
}

export async function readTemporaryPassword(t: TestApp, email: string): Promise<string> {
  const match = await t.mailbox.waitFor(email, /Temporary password: (\S+)/);
  return match[1]!;
}

export function expectStatus(response: ApiResponse, status: number): void {
  if (response.status !== status) {
    throw new Error(`Expected ${status}, got ${response.status}: ${JSON.stringify(response.body)}`);
  }
}

export async function signIn(t: TestApp, username: string, password: string): Promise<SessionInfo> {
  const response = await t.call<{ data: SessionInfo }>('POST', '/api/v1/sign-in', {
    body: { username, password, timezone: 480 },
  });
  expectStatus(response, 200);
  return response.body.data;
}

/** A registered, activated clinic whose administrator has chosen a password and is signed in. */
export async function newClinic(t: TestApp): Promise<Clinic> {
  const body = registrationBody();
  const address = randomAddress();
  expectStatus(await t.call('POST', '/api/v1/tenants', { body, remoteAddress: address }), 201);
  const code = await readActivationCode(t, body.email);
  expectStatus(
    await t.call('PUT', `/api/v1/tenants/${body.subdomain}/confirm`, {
      body: { activeCode: code },
    }),
    200,
  );
  const temporary = await readTemporaryPassword(t, body.email);
  const first = await signIn(t, body.email, temporary);
  const password = `Chosen-${randomBytes(4).toString('hex')}9`;
  expectStatus(
    await t.call('PUT', '/api/v1/accounts/password', {
      token: first.token,
      body: { currentPassword: temporary, newPassword: password },
    }),
    200,
  );
  const session = await signIn(t, body.email, password);
  return {
    tenantId: session.tenant.id,
    subdomain: body.subdomain,
    email: body.email,
    password,
    session,
    token: session.token,
    branchId: session.branches[0]!.id,
  };
}
