import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { resolve } from 'node:path';

/** The real server as `npm start` runs it, in its own process, for crash and shutdown tests. */
const root = resolve(import.meta.dirname, '../../..');

/** A TCP port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });
}

/** Starts `apps/server/src/main.ts` on a database and port; resolves once it is ready. */
export async function startServer(
  databaseUrl: string,
  port: number,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      SMTP_URL: '',
      ...env,
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return server;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}
