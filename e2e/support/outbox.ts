import pg from 'pg';

/** Reads the server's database as its owner: the mail outbox and a few clinic settings. */
export async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The newest mail to `address` whose body matches, waiting for it to be written. */
export async function readMail(address: string, pattern: RegExp): Promise<RegExpExecArray> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const bodies = await withDatabase(async (client) => {
      const { rows } = await client.query<{ body: string }>(
        'SELECT body FROM mail_outbox WHERE to_address = $1 ORDER BY created_at DESC',
        [address],
      );
      return rows.map((row) => row.body);
    });
    for (const body of bodies) {
      const match = pattern.exec(body);
      if (match) return match;
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${address} matching ${pattern}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export const ACTIVATION_CODE = /activation code is:\s+(\d{4} \d{4})/;
export const TEMPORARY_PASSWORD = /Temporary password: (\S+)/;
