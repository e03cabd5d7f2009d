import {
  normalizeUsername,
  nricFor,
  type Permission,
  type SessionInfo,
  type UserType,
} from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import { randomBytes, randomInt } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
    storage: { kind: 'folder', folder: join(tmpdir(), 'clinic-test-files') },
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

/** The user types tests add ('50' is a doctor). */
export type UserTypeName = 'Administrator' | '50' | 'Nurse' | 'Front Desk' | 'Tenant Catalog';

export interface UserOptions {
  firstName?: string;
  mcr?: string | null;
  branchIds?: string[];
  /** The role in each of `branchIds` (by index); the type's default role where missing. */
  roleIds?: string[];
  offDuty?: boolean;
}

/** A signed-in user a test added. */
export interface TestUser {
  id: string;
  token: string;
  username: string;
}

/** Adds a user of a type to a clinic's first branch, with a password, and signs them in. */
export async function addUser(
  t: TestApp,
  clinic: Clinic,
  type: UserTypeName,
  options: UserOptions = {},
): Promise<TestUser> {
  const { withTenant } = await import('../src/db/tenant-db.ts');
  const { giveBranch } = await import('../src/features/roles/roles.repo.ts');
  const { hashSecret } = await import('../src/platform/passwords.ts');
  const username = unique(`user-${type.replace(/\W/g, '').toLowerCase()}`);
  const password = 'Staff-password-42';
  const passwordHash = await hashSecret(password);
  const id = await withTenant(t.database.db, clinic.tenantId, async (tx) => {
    const user = await tx.db
      .insertInto('users')
      .values({
        tenantId: clinic.tenantId,
        username,
        normalizedUsername: normalizeUsername(username),
        firstName: options.firstName ?? type,
        lastName: 'Test',
        email: `${username}@example.com`,
        type,
        mcr: options.mcr ?? (type === '50' ? 'M99999Z' : null),
        offDuty: options.offDuty ?? false,
        passwordHash,
        mustChangePassword: false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const branchIds = options.branchIds ?? [clinic.branchId];
    for (const [index, branchId] of branchIds.entries()) {
      await giveBranch(tx, {
        userId: user.id,
        userType: type,
        branchId,
        isDefault: index === 0,
        roleId: options.roleIds?.[index],
      });
    }
    return user.id;
  });
  const session = await signIn(t, username, password);
  return { id, token: session.token, username };
}

/** Gives a clinic's user one more branch, with the default role of their type unless told. */
export async function giveBranch(
  t: TestApp,
  clinic: Clinic,
  userId: string,
  branchId: string,
  roleId?: string,
): Promise<void> {
  const { withTenant } = await import('../src/db/tenant-db.ts');
  const roles = await import('../src/features/roles/roles.repo.ts');
  await withTenant(t.database.db, clinic.tenantId, async (tx) => {
    const user = await tx.db
      .selectFrom('users')
      .select('type')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    await roles.giveBranch(tx, {
      userId,
      userType: user.type as UserType,
      branchId,
      roleId,
    });
  });
}

/** The id of a clinic's role, by name (the seeded ones: 'Doctor', 'Front desk', ...). */
export async function roleIdOf(t: TestApp, clinic: Clinic, name: string): Promise<string> {
  const { withTenant } = await import('../src/db/tenant-db.ts');
  return withTenant(t.database.db, clinic.tenantId, async (tx) => {
    const row = await tx.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/** Creates a role of a clinic with exactly these permissions (none: a role that may do nothing). */
export async function createRole(
  t: TestApp,
  clinic: Clinic,
  name: string,
  permissions: readonly Permission[] = [],
): Promise<string> {
  const { withTenant } = await import('../src/db/tenant-db.ts');
  return withTenant(t.database.db, clinic.tenantId, async (tx) => {
    const row = await tx.db
      .insertInto('roles')
      .values({ tenantId: clinic.tenantId, name, permissions: [...permissions] })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/** Changes the role a user holds in a branch (what the console's user page will do). */
export async function setRole(
  t: TestApp,
  clinic: Clinic,
  userId: string,
  branchId: string,
  roleId: string,
): Promise<void> {
  const { withTenant } = await import('../src/db/tenant-db.ts');
  await withTenant(t.database.db, clinic.tenantId, async (tx) => {
    const { numUpdatedRows } = await tx.db
      .updateTable('userBranches')
      .set({ roleId })
      .where('userId', '=', userId)
      .where('branchId', '=', branchId)
      .executeTakeFirstOrThrow();
    if (numUpdatedRows !== 1n) throw new Error('The user does not have this branch');
  });
}

/** Adds a branch (with its default room services and waiting areas) to a clinic. */
export async function addBranch(
  t: TestApp,
  clinic: Clinic,
  code: string,
  hciCode: string | null = null,
): Promise<string> {
  const { withTenant } = await import('../src/db/tenant-db.ts');
  const { seedBranchOptions } = await import('../src/features/options/options.repo.ts');
  return withTenant(t.database.db, clinic.tenantId, async (tx) => {
    const { id } = await tx.db
      .insertInto('branches')
      .values({ tenantId: clinic.tenantId, code, name: `Branch ${code}`, hciCode })
      .returning('id')
      .executeTakeFirstOrThrow();
    await seedBranchOptions(tx, id);
    return id;
  });
}

let patientCounter = 0;

function randomLetters(count: number): string {
  return Array.from({ length: count }, () => String.fromCharCode(97 + randomInt(26))).join('');
}

/** A valid new-patient body; each call a different person (name, NRIC). */
export function patientBody(overrides: Record<string, unknown> = {}) {
  patientCounter += 1;
  const digits = String(
    1_000_000 + ((patientCounter * 7919 + Number(randomInt(900_000))) % 9_000_000),
  ).slice(-7);
  return {
    title: 'Mr',
    name: `Test Patient ${randomLetters(6)}`,
    idType: 'NRIC',
    nric: nricFor('S', digits),
    gender: 'M',
    cardNoPrefix: null,
    cardNo: null,
    contactNo: '91234567',
    telCode: '+65',
    birthDate: '1980-05-17',
    birthTime: null,
    nationality: 'SG',
    email: null,
    father: null,
    mother: null,
    ...overrides,
  };
}

/** Start of today in Singapore time (the test clinics' time zone), Unix seconds. */
export function todayStart(): number {
  const now = Math.floor(Date.now() / 1000);
  return now - ((now + 8 * 3600) % 86400);
}
