import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  console.log(`\n> ${[command, ...args].join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestMtime(join(path, name))),
    stat.mtimeMs,
  );
}

/** Builds the web app unless its build is newer than every source it comes from. */
export async function buildWebIfStale() {
  const built = 'apps/web/dist/index.html';
  const sources = [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'packages/domain/src',
    'package-lock.json',
  ];
  if (existsSync(built) && statSync(built).mtimeMs > Math.max(...sources.map(newestMtime)))
    return 0;
  return run('vite', ['build', '--logLevel', 'warn'], { cwd: 'apps/web' });
}
