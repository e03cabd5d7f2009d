import type { Kysely } from 'kysely';
import { directoryFunctions, runStatements } from '../migration-helpers.ts';

/**
 * Sessions end on the server after the clinic's inactivity time-out (security issue,
 * section 3): each session keeps when its user was last active (written at most once a
 * minute, see platform/session-activity.ts), and auth_principal answers, beside the
 * caller, how long the session has been unused and the clinic's time-out, in the same one
 * call. Whether that is too long is the API's rule (time-out, warning, write grain), so
 * it can change without a migration; the time is the database's clock, like the rest of
 * the session checks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE sessions ADD COLUMN last_active_at timestamptz NOT NULL DEFAULT now()`,
    ...directoryFunctions([
      `DROP FUNCTION auth_principal(bytea, uuid)`,
      `CREATE FUNCTION auth_principal(p_token_hash bytea, p_branch_id uuid)
         RETURNS TABLE (tenant_id uuid, session_id uuid, user_id uuid, user_type text, kind text,
                        must_change_password boolean, modules text[], branch_ids uuid[],
                        permissions text[], inactive_seconds double precision,
                        inactivity_timeout_minutes integer)
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
                            AND (p_branch_id IS NULL OR ub.branch_id = p_branch_id)),
                   extract(epoch FROM now() - s.last_active_at)::double precision,
                   t.inactivity_timeout_minutes
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
