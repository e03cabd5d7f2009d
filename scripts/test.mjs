// `npm test`: every check and test of the repository, stopping at the first that fails:
// type-check, lint, format, unit and API tests (Vitest), then browser journeys (Playwright).
import { existsSync } from 'node:fs';
import { buildWebIfStale, run } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium runs the browser journeys; install it when missing and allowed. */
async function ensureChromium() {
  if (existsSync(CHROMIUM)) return 0;
  if (process.getuid?.() !== 0) {
    console.error(
      `\nChromium is needed for the end-to-end tests and is not at ${CHROMIUM}.\n` +
        'Install it with: sudo apt-get install -y chromium   (or set CHROMIUM_PATH)',
    );
    return 1;
  }
  console.log('\nInstalling Debian Chromium for the end-to-end tests…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if ((await run('apt-get', ['install', '-y', 'chromium'], { env })) === 0) return 0;
  await run('apt-get', ['update'], { env });
  return run('apt-get', ['install', '-y', 'chromium'], { env });
}

/** Runs steps one after another; answers the first failing exit code, else 0. */
async function inTurn(steps) {
  for (const step of steps) {
    const code = await step();
    if (code !== 0) return code;
  }
  return 0;
}

/** Runs lanes of steps side by side (each lane in turn); answers the first failure. */
async function sideBySide(...lanes) {
  const codes = await Promise.all(lanes.map(inTurn));
  return codes.find((code) => code !== 0) ?? 0;
}

// The static checks are single-threaded: two lanes keep both cores busy (type-checks in
// one, lint, the boundary checks and format in the other). Their output may interleave;
// each command's own lines stay whole.
const steps = [
  () =>
    sideBySide(
      ['packages/domain', 'packages/print', 'apps/server', 'apps/web', 'e2e', 'bench'].map(
        (project) => () => run('tsc', ['-p', project]),
      ),
      [
        () => run('eslint', ['.', '--max-warnings=0']),
        () => run('node', ['scripts/import-cycles.mjs']),
        () => run('node', ['scripts/table-owners.mjs']),
        () => run('prettier', ['--check', '.', '--log-level', 'warn']),
      ],
    ),
  () => run('vitest', ['run']),
  buildWebIfStale,
  // Each page's initial JavaScript against its budget (apps/web/budgets.json).
  () => run('node', ['scripts/web-budget.mjs']),
  ensureChromium,
  () => run('playwright', ['test', '--config', 'e2e/playwright.config.ts']),
];

for (const step of steps) {
  const code = await step();
  if (code !== 0) {
    console.error(`\nA check failed (exit code ${code}); see above.`);
    process.exit(code);
  }
}
console.log('\nAll checks and tests passed.');
