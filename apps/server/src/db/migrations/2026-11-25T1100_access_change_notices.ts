import type { Kysely } from 'kysely';
import { runStatements } from '../migration-helpers.ts';

/**
 * Tells every API instance, at commit, that someone's access changed, so their open
 * sockets check again at once instead of at their next minute's check: a session signed
 * out or revoked (password change), a display link revoked, a user disabled, a branch
 * taken from a user or their role there changed. Triggers, like the cached-data notices
 * of 2026-11-25T0900, so that no writer can forget. A disabled user's sessions are revoked
 * in the same statement, for good: enabling the user again brings no old token back.
 */
const NOTIFY = `CREATE FUNCTION notify_access_changed() RETURNS trigger
  LANGUAGE plpgsql AS
  $$
  DECLARE
    v_row jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
  BEGIN
    PERFORM pg_notify('clinic_events', json_build_object(
      'kind', 'accessChanged',
      'tenantId', v_row ->> 'tenant_id',
      TG_ARGV[0], v_row ->> TG_ARGV[1])::text);
    RETURN NULL;
  END
  $$`;

const REVOKE_DISABLED = `CREATE FUNCTION revoke_sessions_of_disabled_user() RETURNS trigger
  LANGUAGE plpgsql AS
  $$
  BEGIN
    UPDATE sessions SET revoked_at = now()
     WHERE tenant_id = NEW.tenant_id AND user_id = NEW.id AND revoked_at IS NULL;
    RETURN NULL;
  END
  $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    NOTIFY,
    REVOKE_DISABLED,
    `CREATE TRIGGER sessions_access_changed AFTER UPDATE OF revoked_at ON sessions
       FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
       EXECUTE FUNCTION notify_access_changed('sessionId', 'id')`,
    `CREATE TRIGGER display_links_access_changed AFTER UPDATE OF revoked_at ON display_links
       FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
       EXECUTE FUNCTION notify_access_changed('sessionId', 'id')`,
    `CREATE TRIGGER users_disabled_sessions_revoked AFTER UPDATE OF is_active ON users
       FOR EACH ROW WHEN (OLD.is_active AND NOT NEW.is_active)
       EXECUTE FUNCTION revoke_sessions_of_disabled_user()`,
    `CREATE TRIGGER users_access_changed AFTER UPDATE OF is_active ON users
       FOR EACH ROW WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active)
       EXECUTE FUNCTION notify_access_changed('userId', 'id')`,
    `CREATE TRIGGER user_branches_access_changed AFTER DELETE OR UPDATE OF role_id ON user_branches
       FOR EACH ROW EXECUTE FUNCTION notify_access_changed('userId', 'user_id')`,
  ]);
}
