import { USER_TYPES, defaultRoleOf, normalizeUsername } from '@clinic/domain';
import { randomBytes, randomInt } from 'node:crypto';
import { E2E_PORT } from '../playwright.config.ts';
import { ACTIVATION_CODE, TEMPORARY_PASSWORD, readMail, withDatabase } from './outbox.ts';

export const BASE = `http://127.0.0.1:${E2E_PORT}`;

/** Calls the API as a client at its own address (the e2e server trusts X-Forwarded-For). */
export async function callApi<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  branchId?: string,
): Promise<T> {
  const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const response = await fetch(`${BASE}/api/v1${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      'x-forwarded-for': address,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(branchId ? { branchid: branchId } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

export interface TestClinic {
  tenantId: string;
  subdomain: string;
  clinicName: string;
  username: string;
  password: string;
  branchCode: string;
}

export function uniqueSubdomain(): string {
  return `e2e-${randomBytes(4).toString('hex')}`;
}

/** A clinic registered and activated through the API; its administrator holds the mailed temporary password. */
export async function createClinicWithTemporaryPassword(): Promise<TestClinic> {
  const subdomain = uniqueSubdomain();
  const email = `${subdomain}@example.com`;
  const clinicName = `Clinic ${subdomain}`;
  const { tenantId } = await callApi<{ tenantId: string }>('POST', '/tenants', {
    subdomain,
    clinic: clinicName,
    firstName: 'Grace',
    lastName: 'Ho',
    email,
    country: 'SG',
    timezone: 480,
  });
  const [, code] = await readMail(email, ACTIVATION_CODE);
  await callApi('PUT', `/tenants/${subdomain}/confirm`, { activeCode: code });
  const [, temporary] = await readMail(email, TEMPORARY_PASSWORD);
  return {
    tenantId,
    subdomain,
    clinicName,
    username: email,
    password: temporary!,
    branchCode: 'MAIN',
  };
}

/** A clinic registered and activated through the API, its administrator with a chosen password. */
export async function createClinic(): Promise<TestClinic> {
  const clinic = await createClinicWithTemporaryPassword();
  const first = await callApi<{ token: string }>('POST', '/sign-in', {
    username: clinic.username,
    password: clinic.password,
  });
  const password = `E2e-password-${randomInt(1000, 9999)}`;
  await callApi(
    'PUT',
    '/accounts/password',
    { currentPassword: clinic.password, newPassword: password },
    first.token,
  );
  return { ...clinic, password };
}

/** SQL naming the default role of `u.type` (what registration gives each user type). */
const DEFAULT_ROLE_OF_TYPE = `CASE u.type ${USER_TYPES.map(
  (type) => `WHEN '${type}' THEN '${defaultRoleOf(type)}'`,
).join(' ')} END`;

/** Adds a branch to a clinic and lets its administrator work there. */
export async function addBranch(clinic: TestClinic, code: string, name: string): Promise<string> {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO branches (tenant_id, code, name, country, currency) VALUES ($1, $2, $3, 'SG', 'SGD') RETURNING id`,
      [clinic.tenantId, code, name],
    );
    const branchId = rows[0]!.id;
    await client.query(
      `INSERT INTO user_branches (tenant_id, user_id, branch_id, role_id)
       SELECT u.tenant_id, u.id, $2, r.id FROM users u
         JOIN roles r ON r.tenant_id = u.tenant_id AND r.system AND r.name = ${DEFAULT_ROLE_OF_TYPE}
        WHERE u.tenant_id = $1`,
      [clinic.tenantId, branchId],
    );
    return branchId;
  });
}

export async function removeModule(clinic: TestClinic, module: string): Promise<void> {
  await withDatabase((client) =>
    client.query('DELETE FROM tenant_modules WHERE tenant_id = $1 AND module = $2', [
      clinic.tenantId,
      module,
    ]),
  );
}

export async function setInactivityMinutes(clinic: TestClinic, minutes: number): Promise<void> {
  await withDatabase((client) =>
    client.query('UPDATE tenants SET inactivity_timeout_minutes = $2 WHERE id = $1', [
      clinic.tenantId,
      minutes,
    ]),
  );
}

export async function expireSessions(clinic: TestClinic): Promise<void> {
  await withDatabase((client) =>
    client.query(
      "UPDATE sessions SET expires_at = now() - interval '1 second' WHERE tenant_id = $1",
      [clinic.tenantId],
    ),
  );
}

/** The clinic's sessions as if unused for an hour: past any time-out and its warning. */
export async function idleSessions(clinic: TestClinic): Promise<void> {
  await withDatabase((client) =>
    client.query(
      "UPDATE sessions SET last_active_at = now() - interval '1 hour' WHERE tenant_id = $1",
      [clinic.tenantId],
    ),
  );
}

export interface Staff {
  id: string;
  username: string;
  password: string;
  token: string;
  branchId: string;
}

/** Adds a staff member of a type to the clinic's first branch and signs them in. */
export async function addStaff(
  clinic: TestClinic,
  type: '50' | 'Front Desk',
  firstName: string,
): Promise<Staff> {
  const admin = await callApi<{ token: string; branches: Array<{ id: string }> }>(
    'POST',
    '/sign-in',
    {
      username: clinic.username,
      password: clinic.password,
    },
  );
  const branchId = admin.branches[0]!.id;
  const username = `${firstName.toLowerCase()}-${randomBytes(3).toString('hex')}`;
  const password = 'Staff-password-2026';
  const { hashSecret } = await import('../../apps/server/src/platform/passwords.ts');
  const hash = await hashSecret(password);
  const id = await withDatabase(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO users (tenant_id, username, normalized_username, first_name, last_name, email, type, mcr, password_hash, must_change_password)
       VALUES ($1, $2, $7, $3, 'Lim', $2 || '@example.com', $4, $5, $6, false) RETURNING id`,
      [
        clinic.tenantId,
        username,
        firstName,
        type,
        type === '50' ? 'M54321C' : null,
        hash,
        normalizeUsername(username),
      ],
    );
    await client.query(
      `INSERT INTO user_branches (tenant_id, user_id, branch_id, is_default, role_id)
       SELECT $1, $2, $3, true, r.id FROM roles r WHERE r.tenant_id = $1 AND r.system AND r.name = $4`,
      [clinic.tenantId, rows[0]!.id, branchId, defaultRoleOf(type)],
    );
    return rows[0]!.id;
  });
  const session = await callApi<{ token: string }>('POST', '/sign-in', { username, password });
  return { id, username, password, token: session.token, branchId };
}

/** Registers a patient through the API; answers its id. */
export async function addPatient(staff: Staff, name: string, nric: string): Promise<string> {
  const { patientId } = await callApi<{ patientId: string }>(
    'POST',
    '/patients',
    {
      title: 'Mr',
      name,
      idType: 'NRIC',
      nric,
      gender: 'M',
      contactNo: '91234567',
      telCode: '+65',
      birthDate: '1975-04-12',
      nationality: 'SG',
    },
    staff.token,
    staff.branchId,
  );
  return patientId;
}

/** Adds a patient to today's queue through the API; answers the entry. */
export async function enqueue(staff: Staff, patientId: string, doctorId: string) {
  return callApi<{ id: string; queueNum: string; version: number }>(
    'POST',
    '/queue',
    { patientId, doctorId, visitPurposes: ['Consultation'] },
    staff.token,
    staff.branchId,
  );
}
