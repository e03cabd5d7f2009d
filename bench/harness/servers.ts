import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface RunningServer {
  name: string;
  url: string;
  /** The server's process id (for its CPU time). */
  pid: number;
  stop(): Promise<void>;
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('No free port');
  return address.port;
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const stopped = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
  if (!stopped) {
    child.kill('SIGKILL');
    await exited;
  }
}

/**
 * Starts a Node program on a free port and waits until it answers HTTP. Its output is
 * passed through, each line prefixed with its name.
 */
export async function startServer(
  name: string,
  script: string,
  env: Record<string, string>,
  readyTimeoutMs = 300_000,
): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const relay = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (line.trim() !== '') console.log(`  [${name}] ${line}`);
    }
  };
  child.stdout?.on('data', relay);
  child.stderr?.on('data', relay);
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`);
    try {
      await fetch(`${url}/`, { signal: AbortSignal.timeout(1000) });
      break;
    } catch {
      if (Date.now() - started > readyTimeoutMs) {
        await stopProcess(child);
        throw new Error(`${name} did not answer within ${readyTimeoutMs / 1000} s`);
      }
      await sleep(250);
    }
  }
  return { name, url, pid: child.pid ?? 0, stop: () => stopProcess(child) };
}
