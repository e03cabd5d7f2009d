import type { Kysely } from 'kysely';
import { runStatements, tenantOwned } from '../migration-helpers.ts';

/**
 * The queue display: the room and waiting area each doctor works from (the board's "To"),
 * and long-lived, revocable display links that open one branch's board and nothing else.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE doctor_rooms (
       tenant_id uuid NOT NULL,
       branch_id uuid NOT NULL,
       doctor_id uuid NOT NULL,
       room_name text NOT NULL,
       area_id uuid,
       version integer NOT NULL DEFAULT 1,
       updated_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, branch_id, doctor_id),
       FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id),
       FOREIGN KEY (tenant_id, doctor_id) REFERENCES users (tenant_id, id),
       FOREIGN KEY (tenant_id, area_id) REFERENCES reference_options (tenant_id, id) ON DELETE SET NULL (area_id)
     )`,
    ...tenantOwned('doctor_rooms'),

    `CREATE TABLE display_links (
       tenant_id uuid NOT NULL,
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       branch_id uuid NOT NULL,
       name text NOT NULL,
       token_hash bytea NOT NULL,
       created_by uuid NOT NULL,
       created_at timestamptz NOT NULL DEFAULT now(),
       revoked_at timestamptz,
       PRIMARY KEY (tenant_id, id),
       FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id),
       FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id)
     )`,
    `CREATE UNIQUE INDEX display_links_token_hash_key ON display_links (token_hash)`,
    ...tenantOwned('display_links'),

    // A display link's holder: its tenant, its one branch, and the tenant's modules, while
    // the link is not revoked, its creator is still active and the clinic in force.
    `CREATE FUNCTION auth_display_link(p_token_hash bytea)
       RETURNS TABLE (tenant_id uuid, link_id uuid, branch_id uuid, created_by uuid, modules text[])
       LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS
       $$
       #variable_conflict use_column
       BEGIN
         RETURN QUERY
          SELECT l.tenant_id, l.id, l.branch_id, l.created_by,
                 ARRAY(SELECT m.module FROM tenant_modules m WHERE m.tenant_id = l.tenant_id ORDER BY 1)
            FROM display_links l
            JOIN tenants t ON t.id = l.tenant_id
            JOIN users u ON u.tenant_id = l.tenant_id AND u.id = l.created_by
           WHERE l.token_hash = p_token_hash AND l.revoked_at IS NULL AND u.is_active
             AND NOT (t.status = 'trial' AND t.trial_ends_at < now());
       END
       $$`,
    `REVOKE ALL ON FUNCTION auth_display_link(bytea) FROM PUBLIC`,
    `GRANT EXECUTE ON FUNCTION auth_display_link(bytea) TO clinic_app`,
  ]);
}
