import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import {
  createDatabase,
  dropDatabase,
  findPostgresServer,
} from '../../apps/server/test/test-database.ts';
import { E2E_PORT } from '../playwright.config.ts';

const root = resolve(import.meta.dirname, '../..');

async function waitForServer(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not answer at ${url} within 60 s`);
}

/**
 * Each run: a fresh PostgreSQL database and the real server (built web app, demo data,
 * mail kept in the outbox table) on a fixed port. Tests read the database address from
 * E2E_DATABASE_URL to read the mail outbox.
 */
export default async function globalSetup() {
  const postgres = await findPostgresServer();
  if (!postgres)
    throw new Error('End-to-end tests need PostgreSQL (DATABASE_URL or 127.0.0.1:5432).');
  const name = `clinic_e2e_${Date.now()}_${process.pid}`;
  const databaseUrl = await createDatabase(postgres, name);
  process.env.E2E_DATABASE_URL = databaseUrl;

  const server = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
      WEB_DIST: resolve(root, 'apps/web/dist'),
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      // Fixtures register many clinics: each sends its own client address.
      TRUST_PROXY: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForServer(`http://127.0.0.1:${E2E_PORT}/api/v1/tenants/countries/option`, server);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    if (process.env.KEEP_TEST_DATABASE !== 'true') await dropDatabase(postgres, name);
  };
}
