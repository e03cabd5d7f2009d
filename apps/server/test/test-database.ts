import pg from 'pg';

/**
 * The PostgreSQL server tests use: DATABASE_URL when set, else the local one at
 * 127.0.0.1:5432; undefined when neither answers (tests then use PGlite).
 */
export async function findPostgresServer(): Promise<string | undefined> {
  const candidates = [
    process.env.DATABASE_URL,
    'postgres://postgres@127.0.0.1:5432/postgres',
  ].filter((url): url is string => Boolean(url));
  for (const url of candidates) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return url;
    } catch {
      // try the next one
    } finally {
      await client.end().catch(() => {});
    }
  }
  return undefined;
}

/** The same server with another database name. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function createDatabase(serverUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  return withDatabase(serverUrl, name);
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

async function asServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database owned by a new login role that is not a superuser (as on a managed
 * PostgreSQL): row-level security is forced on that owner too. `url` connects as it;
 * `drop()` removes the database and the role.
 */
export async function createPlainOwnerDatabase(
  serverUrl: string,
  label: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const suffix = `${Date.now()}_${process.pid}`;
  const ownerRole = `${label}_owner_${suffix}`;
  const name = `${label}_${suffix}`;
  await asServer(serverUrl, `CREATE ROLE ${ownerRole} LOGIN CREATEROLE NOSUPERUSER NOBYPASSRLS`);
  await createDatabase(serverUrl, name);
  await asServer(serverUrl, `ALTER DATABASE ${name} OWNER TO ${ownerRole}`);
  const url = new URL(withDatabase(serverUrl, name));
  url.username = ownerRole;
  return {
    url: url.toString(),
    drop: async () => {
      await dropDatabase(serverUrl, name);
      await asServer(serverUrl, `DROP ROLE IF EXISTS ${ownerRole}`);
    },
  };
}
