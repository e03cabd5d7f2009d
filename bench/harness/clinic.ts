import { UserType, defaultRoleOf, normalizeUsername } from '@clinic/domain';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { hashSecret } from '../../apps/server/src/platform/passwords.ts';
import { signInToken } from './session.ts';

/**
 * A clinic opened through the real API of a running server, for the hand-run benchmarks
 * that work through HTTP (`billing.ts`): registered, activated from the mail outbox,
 * its administrator's password changed, and staff added.
 */

/** Who calls the API: a session and the branch it works in. */
export interface Caller {
  token: string;
  branchId: string;
}

/** Calls `/api/v1{path}` and answers the body's `data`; any status but 2xx throws. */
export async function callApi<T>(
  url: string,
  caller: Caller | undefined,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = {};
  if (caller) headers.authorization = `Bearer ${caller.token}`;
  if (caller?.branchId) headers.branchid = caller.branchId;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${url}/api/v1${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

/** The first match of `pattern` in the newest mail to `address` (mail stays in the outbox). */
async function mailed(owner: pg.ClientBase, address: string, pattern: RegExp): Promise<string> {
  for (let tries = 0; tries < 60; tries += 1) {
    const { rows } = await owner.query<{ body: string }>(
      'SELECT body FROM mail_outbox WHERE to_address = $1 ORDER BY created_at DESC',
      [address],
    );
    const found = rows.map((row) => pattern.exec(row.body)?.[1]).find(Boolean);
    if (found) return found;
    await sleep(250);
  }
  throw new Error(`No mail to ${address} matching ${pattern}`);
}

export interface OpenedClinic {
  tenantId: string;
  admin: Caller;
}

/** Registers and activates a clinic (one branch, MAIN); its administrator is signed in. */
export async function openClinic(url: string, owner: pg.ClientBase): Promise<OpenedClinic> {
  const subdomain = `bench-${Date.now().toString(36)}`;
  const email = `${subdomain}@example.com`;
  const { tenantId } = await callApi<{ tenantId: string }>(url, undefined, 'POST', '/tenants', {
    subdomain,
    clinic: 'Bench Billing Clinic',
    firstName: 'Grace',
    lastName: 'Ho',
    email,
    country: 'SG',
    timezone: 480,
  });
  const activeCode = await mailed(owner, email, /activation code is:\s+(\d{4} \d{4})/);
  await callApi(url, undefined, 'PUT', `/tenants/${subdomain}/confirm`, { activeCode });
  const temporary = await mailed(owner, email, /Temporary password: (\S+)/);
  const first = await signInToken(url, email, temporary);
  const password = 'Bench-admin-password-2026';
  await callApi(url, { token: first, branchId: '' }, 'PUT', '/accounts/password', {
    currentPassword: temporary,
    newPassword: password,
  });
  const { rows } = await owner.query<{ id: string }>(
    'SELECT id FROM branches WHERE tenant_id = $1',
    [tenantId],
  );
  return {
    tenantId,
    admin: { token: await signInToken(url, email, password), branchId: rows[0]!.id },
  };
}

/**
 * Adds a staff member of `type` to the branch with that type's default role, and signs
 * them in. The API has no route for adding staff yet, so the row is written as the owner.
 */
export async function addStaff(
  url: string,
  owner: pg.ClientBase,
  clinic: OpenedClinic,
  type: UserType,
  username: string,
): Promise<Caller & { userId: string }> {
  const password = 'Bench-staff-password-2026';
  const { rows } = await owner.query<{ id: string }>(
    `WITH staff AS (
       INSERT INTO users (tenant_id, username, normalized_username, first_name, last_name, email,
                          type, mcr, password_hash, must_change_password)
       VALUES ($1, $2, $3, $2, 'Tan', $2 || '@example.com', $4, $5, $6, false) RETURNING id)
     INSERT INTO user_branches (tenant_id, user_id, branch_id, is_default, role_id)
     SELECT $1, staff.id, $7, true, r.id FROM staff, roles r
      WHERE r.tenant_id = $1 AND r.system AND r.name = $8
     RETURNING user_id AS id`,
    [
      clinic.tenantId,
      username,
      normalizeUsername(username),
      type,
      type === UserType.doctor ? 'M12345B' : null,
      await hashSecret(password),
      clinic.admin.branchId,
      defaultRoleOf(type),
    ],
  );
  const token = await signInToken(url, username, password);
  return { token, branchId: clinic.admin.branchId, userId: rows[0]!.id };
}
