import type { Kysely } from 'kysely';
import { directoryFunctions, runStatements } from '../migration-helpers.ts';

/** Tables the cross-tenant functions read (each gets a read-only policy for their owner). */
const DIRECTORY_READS = [
  'tenants',
  'tenant_modules',
  'users',
  'user_branches',
  'sessions',
  'display_links',
  'mail_outbox',
  // search_patients applies the caller's tenant itself (see the patient search migration).
  'patients',
];

/**
 * Ready to be distributed by tenant (Citus), and row-level security forced.
 *
 * 1. Every unique key of a tenant table includes tenant_id. Session and display-link token
 *    hashes lose their global unique index (32 random bytes do not collide; a lookup index
 *    stays). Usernames stay unique across clinics, since sign-in names no clinic: that
 *    rule moves to `usernames` (lower-cased name → tenant and user), kept by a trigger on
 *    `users`; on Citus it is a reference table.
 * 2. Row-level security is FORCED on every tenant table, so the schema owner is subject
 *    to the policies too. The cross-tenant SECURITY DEFINER functions therefore no longer
 *    run as the owner: they belong to `clinic_directory`, a role that cannot log in, does
 *    not bypass row-level security, and may only SELECT the tables listed above, through
 *    an explicit policy. So the catalog says exactly who reads across tenants, and what.
 *    A later migration that creates or replaces such a function wraps its statements in
 *    `directoryFunctions()`, which hands them over the same way.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `DO $$ BEGIN
       CREATE ROLE clinic_directory NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS;
     EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
     END $$`,
    `GRANT USAGE ON SCHEMA public TO clinic_directory`,
    ...DIRECTORY_READS.flatMap((table) => [
      `GRANT SELECT ON ${table} TO clinic_directory`,
      `CREATE POLICY directory_read ON ${table} FOR SELECT TO clinic_directory USING (true)`,
    ]),

    // Token hashes: found by index, not kept unique across tenants.
    `DROP INDEX sessions_token_hash_key`,
    `CREATE INDEX sessions_token_hash ON sessions (token_hash)`,
    `DROP INDEX display_links_token_hash_key`,
    `CREATE INDEX display_links_token_hash ON display_links (token_hash)`,

    // Usernames: unique per clinic in users, unique everywhere in usernames.
    `CREATE TABLE usernames (
       username text NOT NULL CHECK (username = lower(username)),
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       user_id uuid NOT NULL,
       CONSTRAINT usernames_pkey PRIMARY KEY (username)
     )`,
    `INSERT INTO usernames (username, tenant_id, user_id)
       SELECT lower(username), tenant_id, id FROM users`,
    `DROP INDEX users_username_key`,
    `CREATE UNIQUE INDEX users_tenant_username_key ON users (tenant_id, lower(username))`,
    `CREATE INDEX users_username ON users (lower(username))`,
    `ALTER TABLE usernames ENABLE ROW LEVEL SECURITY`,
    `CREATE POLICY tenant_isolation ON usernames
       USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant())`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON usernames TO clinic_app`,
    // Runs as the writer of the user row (the API role inside its tenant), so the policy
    // applies; another clinic's row with the same name still fails the primary key.
    `CREATE FUNCTION usernames_sync() RETURNS trigger LANGUAGE plpgsql AS
       $$
       BEGIN
         IF TG_OP IN ('UPDATE', 'DELETE') THEN
           DELETE FROM usernames
            WHERE username = lower(OLD.username) AND tenant_id = OLD.tenant_id AND user_id = OLD.id;
         END IF;
         IF TG_OP IN ('INSERT', 'UPDATE') THEN
           INSERT INTO usernames (username, tenant_id, user_id)
           VALUES (lower(NEW.username), NEW.tenant_id, NEW.id);
         END IF;
         RETURN NULL;
       END
       $$`,
    `CREATE TRIGGER usernames_sync AFTER INSERT OR DELETE OR UPDATE OF username ON users
       FOR EACH ROW EXECUTE FUNCTION usernames_sync()`,

    // Forced row-level security on the tenant root and every table with a tenant_id.
    `DO $$
     DECLARE t regclass;
     BEGIN
       FOR t IN
         SELECT c.oid::regclass FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
            AND (c.relname = 'tenants' OR EXISTS (
                  SELECT 1 FROM pg_attribute a
                   WHERE a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped))
       LOOP
         EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', t);
       END LOOP;
     END $$`,

    // The owner's SECURITY DEFINER functions (all of them, whatever their signatures) now
    // run as clinic_directory.
    ...directoryFunctions([]),
  ]);
}
