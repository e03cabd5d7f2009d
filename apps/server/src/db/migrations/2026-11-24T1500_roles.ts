import type { Kysely } from 'kysely';
import { directoryFunctions, runStatements, tenantOwned } from '../migration-helpers.ts';

/**
 * The system roles as they were when roles arrived (packages/domain's SYSTEM_ROLES then),
 * `resource:action,action`. Frozen here so this migration never changes: later changes to
 * the defaults reach new clinics through registration, existing ones through a migration.
 */
const SYSTEM_ROLES: Record<string, string[]> = {
  Administrator: [
    'queue:read,create,update,delete,print',
    'queueDisplay:read,create,update,delete',
    'displayLinks:read,create,delete',
    'patients:read,create,update,delete,export,print',
    'visits:read,create,update,delete',
    'vitals:read,create,update,delete',
    'diagnoses:read,create,update,delete',
    'allergies:read,create,update,delete',
    'medicalCertificates:read,create,update,delete,print',
    'documents:read,create,update,delete,print',
    'prescriptions:read,create,update,delete,print',
    'referrals:read,create,update,delete,approve,print',
    'dispensing:read,create,update,print',
    'inventory:read,create,update,delete,approve,export,print',
    'appointments:read,create,update,delete,approve',
    'invoices:read,create,update,delete,approve,export,print',
    'payments:read,create,update,delete,approve,export,print',
    'dashboard:read',
    'reports:read,export,print',
    'settings:read,create,update,delete',
    'catalogs:read,create,update,delete,export',
    'branches:read,create,update,delete',
    'users:read,create,update,delete',
    'roles:read,create,update,delete',
    'auditTrail:read,export',
  ],
  Doctor: [
    'queue:read,update,print',
    'queueDisplay:read',
    'patients:read,create,update,print',
    'visits:read,create,update,delete',
    'vitals:read,create,update,delete',
    'diagnoses:read,create,update,delete',
    'allergies:read,create,update,delete',
    'medicalCertificates:read,create,update,delete,print',
    'documents:read,create,update,delete,print',
    'prescriptions:read,create,update,delete,print',
    'referrals:read,create,update,delete,approve,print',
    'dispensing:read',
    'inventory:read',
    'appointments:read,create,update,delete',
    'invoices:read',
    'dashboard:read',
    'reports:read',
  ],
  Nurse: [
    'queue:read,create,update,delete,print',
    'queueDisplay:read',
    'patients:read,create,update,print',
    'visits:read',
    'vitals:read,create,update,delete',
    'allergies:read,create,update,delete',
    'diagnoses:read',
    'medicalCertificates:read,print',
    'documents:read,create,print',
    'prescriptions:read',
    'referrals:read,print',
    'dispensing:read,create,print',
    'inventory:read',
    'appointments:read,create,update,delete',
  ],
  'Front desk': [
    'queue:read,create,update,delete,print',
    'queueDisplay:read',
    'patients:read,create,update,print',
    'visits:read',
    'medicalCertificates:read,print',
    'documents:read,create,print',
    'referrals:read,print',
    'dispensing:read,create,print',
    'appointments:read,create,update,delete,approve',
    'invoices:read,create,update,print',
    'payments:read,create,print',
  ],
  Pharmacist: [
    'queue:read',
    'patients:read,print',
    'allergies:read',
    'prescriptions:read,print',
    'dispensing:read,create,update,print',
    'inventory:read,create,update,delete,approve,export,print',
    'catalogs:read,create,update',
  ],
  Finance: [
    'patients:read',
    'invoices:read,create,update,delete,approve,export,print',
    'payments:read,create,update,delete,approve,export,print',
    'dashboard:read',
    'reports:read,export,print',
  ],
  'Tenant Catalog': ['catalogs:read,create,update,delete,export'],
};

/** The default role of each user type (defaultRoleOf then). */
const DEFAULT_ROLE_OF_TYPE: Record<string, string> = {
  Administrator: 'Administrator',
  '50': 'Doctor',
  Nurse: 'Nurse',
  'Front Desk': 'Front desk',
  'Tenant Catalog': 'Tenant Catalog',
};

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

function permissionsOf(groups: readonly string[]): string[] {
  return groups.flatMap((group) => {
    const [resource, actions] = group.split(':') as [string, string];
    return actions.split(',').map((action) => `${resource}:${action}`);
  });
}

/** Tables the data step reads or writes across tenants, as the (maybe not superuser) owner. */
const CROSS_TENANT = ['tenants', 'users', 'user_branches'];

/**
 * Roles (docs/architecture.md, "Roles and permissions"): a role is a named set of
 * permissions of one clinic; a user holds one role per branch (`user_branches.role_id`).
 * Every existing clinic gets the system roles and every user, in each of their branches,
 * the default role of their type.
 *
 * Row-level security is forced, so a plain schema owner would see no rows at all: the data
 * step switches forcing off for the tables it touches and on again, inside this
 * migration's transaction (DDL is transactional, so no other session ever sees it off).
 * `roles` is made tenant-owned (forced) after it is filled.
 *
 * auth_principal now takes the request's branch and also answers the caller's permissions
 * there (or, with no branch, the union over all their branches), still in one call.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const roleValues = Object.entries(SYSTEM_ROLES)
    .map(
      ([name, groups]) =>
        `(${literal(name)}, ARRAY[${permissionsOf(groups).map(literal).join(', ')}]::text[])`,
    )
    .join(',\n');
  const roleOfType = Object.entries(DEFAULT_ROLE_OF_TYPE)
    .map(([type, role]) => `WHEN ${literal(type)} THEN ${literal(role)}`)
    .join(' ');

  await runStatements(db, [
    `CREATE TABLE roles (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       name text NOT NULL CHECK (name = btrim(name) AND name <> '' AND length(name) <= 100),
       -- resource:action; which ones exist is the code's to say (packages/domain).
       permissions text[] NOT NULL DEFAULT '{}',
       -- One of the roles every clinic starts with: kept by name, not deleted.
       system boolean NOT NULL DEFAULT false,
       version integer NOT NULL DEFAULT 1,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, id)
     )`,
    `CREATE UNIQUE INDEX roles_name_key ON roles (tenant_id, lower(name))`,
    `ALTER TABLE user_branches ADD COLUMN role_id uuid`,

    // The data step, across tenants.
    ...CROSS_TENANT.map((table) => `ALTER TABLE ${table} NO FORCE ROW LEVEL SECURITY`),
    `INSERT INTO roles (tenant_id, name, permissions, system)
       SELECT t.id, r.name, r.permissions, true
         FROM tenants t
        CROSS JOIN (VALUES ${roleValues}) AS r (name, permissions)`,
    `UPDATE user_branches ub
        SET role_id = r.id
       FROM users u, roles r
      WHERE u.tenant_id = ub.tenant_id AND u.id = ub.user_id
        AND r.tenant_id = ub.tenant_id AND r.system
        AND r.name = CASE u.type ${roleOfType} END`,
    ...CROSS_TENANT.map((table) => `ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`),

    `ALTER TABLE user_branches ALTER COLUMN role_id SET NOT NULL`,
    `ALTER TABLE user_branches ADD CONSTRAINT user_branches_role_fkey
       FOREIGN KEY (tenant_id, role_id) REFERENCES roles (tenant_id, id)`,
    `CREATE INDEX user_branches_role ON user_branches (tenant_id, role_id)`,
    ...tenantOwned('roles'),
    `GRANT SELECT ON roles TO clinic_directory`,
    `CREATE POLICY directory_read ON roles FOR SELECT TO clinic_directory USING (true)`,

    ...directoryFunctions([
      `DROP FUNCTION auth_principal(bytea)`,
      // A session's holder (as before), and their permissions in p_branch_id, or in all
      // their branches together when it is null. An unknown branch gives none.
      `CREATE FUNCTION auth_principal(p_token_hash bytea, p_branch_id uuid)
         RETURNS TABLE (tenant_id uuid, session_id uuid, user_id uuid, user_type text, kind text,
                        must_change_password boolean, modules text[], branch_ids uuid[],
                        permissions text[])
         LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS
         $$
         #variable_conflict use_column
         BEGIN
           RETURN QUERY
            SELECT s.tenant_id, s.id, s.user_id, u.type, s.kind, u.must_change_password,
                   ARRAY(SELECT m.module FROM tenant_modules m WHERE m.tenant_id = s.tenant_id ORDER BY 1),
                   ARRAY(SELECT ub.branch_id FROM user_branches ub
                          WHERE ub.tenant_id = s.tenant_id AND ub.user_id = s.user_id),
                   ARRAY(SELECT DISTINCT p.permission
                           FROM user_branches ub
                           JOIN roles r ON r.tenant_id = ub.tenant_id AND r.id = ub.role_id
                          CROSS JOIN LATERAL unnest(r.permissions) AS p (permission)
                          WHERE ub.tenant_id = s.tenant_id AND ub.user_id = s.user_id
                            AND (p_branch_id IS NULL OR ub.branch_id = p_branch_id))
              FROM sessions s
              JOIN users u ON u.tenant_id = s.tenant_id AND u.id = s.user_id
              JOIN tenants t ON t.id = s.tenant_id
             WHERE s.token_hash = p_token_hash AND s.revoked_at IS NULL
               AND s.expires_at > now() AND u.is_active
               AND t.activated_at IS NOT NULL
               AND NOT (t.status = 'trial' AND t.trial_ends_at < now());
         END
         $$`,
      `REVOKE ALL ON FUNCTION auth_principal(bytea, uuid) FROM PUBLIC`,
      `GRANT EXECUTE ON FUNCTION auth_principal(bytea, uuid) TO clinic_app`,
    ]),
  ]);
}
