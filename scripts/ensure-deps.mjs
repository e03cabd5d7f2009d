// Installs dependencies when they are missing or older than the lockfile.
// Plain JavaScript: it runs on whatever Node the machine has, before the pinned one exists.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const marker = 'node_modules/.package-lock.json';
const lockfile = 'package-lock.json';
const run = (command) => {
  console.log(`> ${command}`);
  execSync(command, { stdio: 'inherit' });
};

if (!existsSync(marker)) {
  run('npm ci --no-audit --no-fund');
} else if (existsSync(lockfile) && statSync(lockfile).mtimeMs > statSync(marker).mtimeMs) {
  run('npm install --no-audit --no-fund');
}
