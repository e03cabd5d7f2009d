import type { Kysely } from 'kysely';
import { runStatements, tenantOwned } from '../migration-helpers.ts';

/**
 * Platform tables: tenants, branches, users, sessions, modules, device authorizations,
 * mail outbox and sign-in attempts, with row-level security keyed on app.tenant_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    // The API logs in as this role: it owns nothing and is no superuser, so every
    // policy applies to it and it cannot switch to a role that escapes them.
    `DO $$ BEGIN
       CREATE ROLE clinic_app LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS;
     EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
     END $$`,
    `DO $$ BEGIN
       IF NOT (SELECT rolcanlogin FROM pg_roles WHERE rolname = 'clinic_app') THEN
         ALTER ROLE clinic_app LOGIN;
       END IF;
     END $$`,
    `GRANT USAGE ON SCHEMA public TO clinic_app`,
    `CREATE FUNCTION app_current_tenant() RETURNS uuid LANGUAGE sql STABLE AS
       $$ SELECT NULLIF(current_setting('app.tenant_id', true), '')::uuid $$`,

    `CREATE TABLE tenants (
       id uuid PRIMARY KEY,
       subdomain text NOT NULL CHECK (subdomain = lower(subdomain)),
       clinic_name text NOT NULL,
       country char(2) NOT NULL,
       timezone_offset integer NOT NULL,
       status text NOT NULL DEFAULT 'trial' CHECK (status IN ('trial', 'active')),
       trial_ends_at timestamptz,
       activated_at timestamptz,
       activation_code_hash text,
       activation_code_expires_at timestamptz,
       activation_attempts integer NOT NULL DEFAULT 0,
       activation_sent_at timestamptz,
       clinic_type text NOT NULL DEFAULT 'GP Clinic',
       inactivity_timeout_minutes integer NOT NULL DEFAULT 15 CHECK (inactivity_timeout_minutes > 0),
       require_device_authorization boolean NOT NULL DEFAULT false,
       version integer NOT NULL DEFAULT 1,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now()
     )`,
    `CREATE UNIQUE INDEX tenants_subdomain_key ON tenants (subdomain)`,
    `ALTER TABLE tenants ENABLE ROW LEVEL SECURITY`,
    `CREATE POLICY tenant_isolation ON tenants
       USING (id = app_current_tenant()) WITH CHECK (id = app_current_tenant())`,
    `GRANT SELECT, INSERT, UPDATE ON tenants TO clinic_app`,

    `CREATE TABLE tenant_modules (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       module text NOT NULL,
       PRIMARY KEY (tenant_id, module)
     )`,
    ...tenantOwned('tenant_modules'),

    `CREATE TABLE branches (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       code text NOT NULL,
       name text NOT NULL,
       is_default boolean NOT NULL DEFAULT false,
       currency char(3) NOT NULL DEFAULT 'SGD',
       address text,
       postal text,
       country char(2) NOT NULL DEFAULT 'SG',
       phone text,
       fax text,
       hci_code text,
       licence_number text,
       company_registration_no text,
       tax_registration_no text,
       printer_enabled boolean NOT NULL DEFAULT false,
       logo bytea,
       logo_content_type text,
       version integer NOT NULL DEFAULT 1,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, id)
     )`,
    `CREATE UNIQUE INDEX branches_code_key ON branches (tenant_id, lower(code))`,
    `CREATE UNIQUE INDEX branches_one_default ON branches (tenant_id) WHERE is_default`,
    ...tenantOwned('branches'),

    `CREATE TABLE users (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       username text NOT NULL,
       first_name text NOT NULL,
       last_name text NOT NULL,
       email text NOT NULL,
       type text NOT NULL CHECK (type IN ('Administrator', '50', 'Nurse', 'Front Desk', 'Tenant Catalog')),
       mcr text,
       off_duty boolean NOT NULL DEFAULT false,
       is_active boolean NOT NULL DEFAULT true,
       password_hash text,
       must_change_password boolean NOT NULL DEFAULT true,
       password_changed_at timestamptz,
       version integer NOT NULL DEFAULT 1,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, id)
     )`,
    // Usernames are unique across the whole system, whatever their case.
    `CREATE UNIQUE INDEX users_username_key ON users (lower(username))`,
    ...tenantOwned('users'),

    `CREATE TABLE user_branches (
       tenant_id uuid NOT NULL,
       user_id uuid NOT NULL,
       branch_id uuid NOT NULL,
       is_default boolean NOT NULL DEFAULT false,
       PRIMARY KEY (tenant_id, user_id, branch_id),
       FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE,
       FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id)
     )`,
    `CREATE UNIQUE INDEX user_branches_one_default ON user_branches (tenant_id, user_id) WHERE is_default`,
    ...tenantOwned('user_branches'),

    `CREATE TABLE sessions (
       tenant_id uuid NOT NULL,
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       user_id uuid NOT NULL,
       token_hash bytea NOT NULL,
       kind text NOT NULL,
       created_at timestamptz NOT NULL DEFAULT now(),
       expires_at timestamptz NOT NULL,
       revoked_at timestamptz,
       ip text,
       user_agent text,
       PRIMARY KEY (tenant_id, id),
       FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
     )`,
    `CREATE UNIQUE INDEX sessions_token_hash_key ON sessions (token_hash)`,
    ...tenantOwned('sessions'),

    `CREATE TABLE device_authorizations (
       tenant_id uuid NOT NULL,
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       user_id uuid NOT NULL,
       visitor_id text NOT NULL,
       authorized_at timestamptz,
       created_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, id),
       FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
     )`,
    `CREATE INDEX device_authorizations_visitor ON device_authorizations (tenant_id, user_id, visitor_id)`,
    ...tenantOwned('device_authorizations'),

    `CREATE TABLE mail_outbox (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       to_address text NOT NULL,
       subject text NOT NULL,
       body text NOT NULL,
       status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'logged', 'failed')),
       attempts integer NOT NULL DEFAULT 0,
       last_error text,
       created_at timestamptz NOT NULL DEFAULT now(),
       sent_at timestamptz,
       PRIMARY KEY (tenant_id, id)
     )`,
    `CREATE INDEX mail_outbox_pending ON mail_outbox (created_at) WHERE status = 'pending'`,
    ...tenantOwned('mail_outbox'),

    // Not tenant data: counted events (failed sign-ins, registrations) for rate limits.
    `CREATE TABLE throttle_events (
       id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
       key text NOT NULL,
       happened_at timestamptz NOT NULL DEFAULT now()
     )`,
    `CREATE INDEX throttle_events_key ON throttle_events (key, happened_at)`,
    `GRANT SELECT, INSERT, DELETE ON throttle_events TO clinic_app`,

    // The only reads that cross tenants. Each returns the least a caller needs, and
    // runs as the owner (row-level security is enabled, not forced).
    `CREATE FUNCTION auth_sign_in_target(p_username text)
       RETURNS TABLE (tenant_id uuid, user_id uuid)
       LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS
       $$ SELECT u.tenant_id, u.id FROM users u WHERE lower(u.username) = lower(p_username) $$`,
    // A session's holder, while the session, the user and the clinic are all in force
    // (activated; not a trial that has ended).
    // PL/pgSQL, not SQL: it runs on every request, and PL/pgSQL keeps the plan of its
    // query per connection where a SQL function plans it again at each call.
    `CREATE FUNCTION auth_principal(p_token_hash bytea)
       RETURNS TABLE (tenant_id uuid, session_id uuid, user_id uuid, user_type text, kind text,
                      must_change_password boolean, modules text[], branch_ids uuid[])
       LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS
       $$
       #variable_conflict use_column
       BEGIN
         RETURN QUERY
          SELECT s.tenant_id, s.id, s.user_id, u.type, s.kind, u.must_change_password,
                 ARRAY(SELECT m.module FROM tenant_modules m WHERE m.tenant_id = s.tenant_id ORDER BY 1),
                 ARRAY(SELECT ub.branch_id FROM user_branches ub
                        WHERE ub.tenant_id = s.tenant_id AND ub.user_id = s.user_id)
            FROM sessions s
            JOIN users u ON u.tenant_id = s.tenant_id AND u.id = s.user_id
            JOIN tenants t ON t.id = s.tenant_id
           WHERE s.token_hash = p_token_hash AND s.revoked_at IS NULL
             AND s.expires_at > now() AND u.is_active
             AND t.activated_at IS NOT NULL
             AND NOT (t.status = 'trial' AND t.trial_ends_at < now());
       END
       $$`,
    // Whether any clinic exists: the demo clinic is created only in an empty database.
    `CREATE FUNCTION any_tenant_exists() RETURNS boolean
       LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS
       $$ SELECT EXISTS (SELECT 1 FROM tenants) $$`,
    `CREATE FUNCTION tenant_id_by_subdomain(p_subdomain text) RETURNS uuid
       LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS
       $$ SELECT id FROM tenants WHERE subdomain = lower(p_subdomain) $$`,
    `CREATE FUNCTION tenant_id_of_user(p_user_id uuid) RETURNS uuid
       LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS
       $$ SELECT tenant_id FROM users WHERE id = p_user_id $$`,
    `CREATE FUNCTION username_taken(p_username text) RETURNS boolean
       LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS
       $$ SELECT EXISTS (SELECT 1 FROM users WHERE lower(username) = lower(p_username)) $$`,
    `CREATE FUNCTION tenants_with_pending_mail() RETURNS SETOF uuid
       LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS
       $$ SELECT DISTINCT tenant_id FROM mail_outbox WHERE status = 'pending' $$`,
    ...[
      'auth_sign_in_target(text)',
      'auth_principal(bytea)',
      'tenant_id_by_subdomain(text)',
      'tenant_id_of_user(uuid)',
      'username_taken(text)',
      'tenants_with_pending_mail()',
      'any_tenant_exists()',
    ].flatMap((fn) => [
      `REVOKE ALL ON FUNCTION ${fn} FROM PUBLIC`,
      `GRANT EXECUTE ON FUNCTION ${fn} TO clinic_app`,
    ]),
  ]);
}
