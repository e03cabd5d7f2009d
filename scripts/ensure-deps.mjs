// Every npm script starts here: `node scripts/ensure-deps.mjs SCRIPT [ARGS...]`.
// It installs the dependencies when they are missing or older than the lockfile, then runs
// SCRIPT on the project's pinned Node.js (node_modules/.bin/node), whatever Node started it.
//
// Plain JavaScript: it runs on the machine's own Node (20 or later) before the pinned one
// exists. Running SCRIPT as a child of the pinned binary, by its full path, matters: a shell
// that looked `node` up before the install would otherwise run SCRIPT on the machine's Node
// (the first `npm start` on a fresh clone failed that way with ERR_UNKNOWN_FILE_EXTENSION).
import { execSync, spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const marker = join(root, 'node_modules/.package-lock.json');
const lockfile = join(root, 'package-lock.json');
const binDir = join(root, 'node_modules/.bin');
const pinnedNode = join(binDir, 'node');

function install(command) {
  console.log(`> ${command}   (installing the project's dependencies, about a minute)`);
  // The machine's npm may run on an older Node than the packages ask for; the packages
  // themselves run on the pinned Node, so the engine warnings are noise here.
  execSync(`${command} --no-audit --no-fund --loglevel=error`, { stdio: 'inherit', cwd: root });
}

if (!existsSync(marker) || !existsSync(pinnedNode)) {
  install('npm ci');
} else if (statSync(lockfile).mtimeMs > statSync(marker).mtimeMs) {
  install('npm install');
}

const [script, ...args] = process.argv.slice(2);
if (script) {
  // Tools the script starts by name (tsc, vite, their `#!/usr/bin/env node`) find the
  // pinned Node first too.
  const env = { ...process.env, PATH: [binDir, process.env.PATH].join(delimiter) };
  const child = spawn(pinnedNode, [script, ...args], { stdio: 'inherit', cwd: root, env });
  // Ctrl-C reaches the whole terminal group; a SIGTERM sent to us alone is passed on.
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
