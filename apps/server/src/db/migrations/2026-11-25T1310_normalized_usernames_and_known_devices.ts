import { sql, type Kysely } from 'kysely';
import { directoryFunctions, runStatements, tenantOwned } from '../migration-helpers.ts';

/**
 * packages/domain's `normalizeUsername()` as it is at this migration (NFKC, then
 * lowercase), frozen here so this migration never changes.
 */
const normalized = (username: string) => username.normalize('NFKC').toLowerCase();

/** Tables the data step writes across tenants, as the (maybe not superuser) owner. */
const CROSS_TENANT = ['users', 'usernames'];

/**
 * 1. One normalisation of usernames (security issue, part 1). The database used to
 *    compare `lower(username)` while the sign-in failure counter lowercased in
 *    JavaScript; for `demo.admİn` (U+0130) PostgreSQL said `demo.admin` and JavaScript
 *    `demo.admi̇n`, so a locked account signed in under a look-alike name. Now the API
 *    computes the normalised name once (`normalizeUsername()`), stores it in
 *    `users.normalized_username`, and the unique keys, `usernames` and the sign-in lookup
 *    compare it as it is: the database lowercases nothing. A check keeps a plain-ASCII
 *    name and its normalised form together (there lowercasing is the same everywhere),
 *    so a writer that renames a user and forgets the normalised name fails.
 * 2. `known_devices`: the devices (a hash of the browser's `whiteList` id) each user has
 *    signed in from, which failures from other devices cannot lock out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE users ADD COLUMN normalized_username text`,
    ...CROSS_TENANT.map((table) => `ALTER TABLE ${table} NO FORCE ROW LEVEL SECURITY`),
  ]);
  await fillNormalizedUsernames(db);
  await runStatements(db, [
    `ALTER TABLE users ALTER COLUMN normalized_username SET NOT NULL`,
    `ALTER TABLE users ADD CONSTRAINT users_normalized_username_ascii
       CHECK (username ~ '[^\\x01-\\x7f]' OR normalized_username = lower(username))`,
    `DROP INDEX users_tenant_username_key`,
    `CREATE UNIQUE INDEX users_tenant_username_key ON users (tenant_id, normalized_username)`,
    `DROP INDEX users_username`,
    `CREATE INDEX users_normalized_username ON users (normalized_username)`,

    // usernames: the normalised name → tenant and user, unique everywhere.
    `ALTER TABLE usernames DROP CONSTRAINT usernames_username_check`,
    `DELETE FROM usernames`,
    `INSERT INTO usernames (username, tenant_id, user_id)
       SELECT normalized_username, tenant_id, id FROM users`,
    ...CROSS_TENANT.map((table) => `ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`),
    `CREATE OR REPLACE FUNCTION usernames_sync() RETURNS trigger LANGUAGE plpgsql AS
       $$
       BEGIN
         IF TG_OP IN ('UPDATE', 'DELETE') THEN
           DELETE FROM usernames
            WHERE username = OLD.normalized_username AND tenant_id = OLD.tenant_id
              AND user_id = OLD.id;
         END IF;
         IF TG_OP IN ('INSERT', 'UPDATE') THEN
           INSERT INTO usernames (username, tenant_id, user_id)
           VALUES (NEW.normalized_username, NEW.tenant_id, NEW.id);
         END IF;
         RETURN NULL;
       END
       $$`,
    `DROP TRIGGER usernames_sync ON users`,
    `CREATE TRIGGER usernames_sync AFTER INSERT OR DELETE OR UPDATE OF normalized_username ON users
       FOR EACH ROW EXECUTE FUNCTION usernames_sync()`,

    // The callers pass the normalised name (platform/directory.ts).
    ...directoryFunctions([
      `CREATE OR REPLACE FUNCTION auth_sign_in_target(p_username text)
         RETURNS TABLE (tenant_id uuid, user_id uuid)
         LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS
         $$ SELECT u.tenant_id, u.id FROM users u WHERE u.normalized_username = p_username $$`,
      `CREATE OR REPLACE FUNCTION username_taken(p_username text) RETURNS boolean
         LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS
         $$ SELECT EXISTS (SELECT 1 FROM users WHERE normalized_username = p_username) $$`,
    ]),

    `CREATE TABLE known_devices (
       tenant_id uuid NOT NULL,
       user_id uuid NOT NULL,
       device_hash bytea NOT NULL,
       first_signed_in_at timestamptz NOT NULL DEFAULT now(),
       last_signed_in_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, user_id, device_hash),
       FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
     )`,
    ...tenantOwned('known_devices'),
  ]);
}

/** Every user's normalised name, computed here (the database's lower() is not the same). */
async function fillNormalizedUsernames(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{
    tenantId: string;
    id: string;
    username: string;
  }>`SELECT tenant_id AS "tenantId", id, username FROM users`.execute(db);
  if (rows.length === 0) return;
  const keys = rows.map((row) => ({ t: row.tenantId, i: row.id, n: normalized(row.username) }));
  await sql`
    UPDATE users u SET normalized_username = k.n
      FROM jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) AS k(t uuid, i uuid, n text)
     WHERE u.tenant_id = k.t AND u.id = k.i`.execute(db);
}
