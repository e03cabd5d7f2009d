import type { Kysely } from 'kysely';
import { directoryFunctions, runStatements } from '../migration-helpers.ts';

/**
 * Display links may expire, and their key may be rotated (issue 21, section 5):
 * - `expires_at` (null: never). An expired link opens nothing: `auth_display_link` refuses
 *   it like a revoked one, and `display_link_expired` tells the board why, so it can say so.
 * - Rotating replaces `token_hash`: the old key stops working at once, and its open board
 *   sockets close through the access-change notice, as for a revoked link.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE display_links ADD COLUMN expires_at timestamptz`,
    ...directoryFunctions([
      // It answers the link's expiry too, so that a board's socket closes at that moment.
      `DROP FUNCTION auth_display_link(bytea)`,
      `CREATE FUNCTION auth_display_link(p_token_hash bytea)
       RETURNS TABLE (tenant_id uuid, link_id uuid, branch_id uuid, created_by uuid, modules text[],
                      expires_at timestamptz)
       LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS
       $$
       #variable_conflict use_column
       BEGIN
         RETURN QUERY
          SELECT l.tenant_id, l.id, l.branch_id, l.created_by,
                 ARRAY(SELECT m.module FROM tenant_modules m WHERE m.tenant_id = l.tenant_id ORDER BY 1),
                 l.expires_at
            FROM display_links l
            JOIN tenants t ON t.id = l.tenant_id
            JOIN users u ON u.tenant_id = l.tenant_id AND u.id = l.created_by
           WHERE l.token_hash = p_token_hash AND l.revoked_at IS NULL AND u.is_active
             AND (l.expires_at IS NULL OR l.expires_at > now())
             AND NOT (t.status = 'trial' AND t.trial_ends_at < now());
       END
       $$`,
      `REVOKE ALL ON FUNCTION auth_display_link(bytea) FROM PUBLIC`,
      `GRANT EXECUTE ON FUNCTION auth_display_link(bytea) TO clinic_app`,
      // Only whether a key belongs to a link that has expired (and was not revoked): nothing
      // about its clinic or branch.
      `CREATE FUNCTION display_link_expired(p_token_hash bytea)
       RETURNS boolean
       LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS
       $$
         SELECT EXISTS (
           SELECT 1 FROM display_links l
            WHERE l.token_hash = p_token_hash AND l.revoked_at IS NULL
              AND l.expires_at <= now())
       $$`,
      `REVOKE ALL ON FUNCTION display_link_expired(bytea) FROM PUBLIC`,
      `GRANT EXECUTE ON FUNCTION display_link_expired(bytea) TO clinic_app`,
    ]),
    `CREATE TRIGGER display_links_rotated AFTER UPDATE OF token_hash ON display_links
       FOR EACH ROW WHEN (OLD.token_hash IS DISTINCT FROM NEW.token_hash)
       EXECUTE FUNCTION notify_access_changed('sessionId', 'id')`,
  ]);
}
