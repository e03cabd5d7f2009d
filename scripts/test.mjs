// `npm test`: every check and test of the repository, stopping at the first that fails.
import { run } from './lib.mjs';

const steps = [
  ...['packages/domain', 'apps/server', 'apps/web'].map((project) => ['tsc', ['-p', project]]),
  ['eslint', ['.', '--max-warnings=0']],
  ['prettier', ['--check', '.', '--log-level', 'warn']],
  ['vitest', ['run']],
];

for (const [command, args] of steps) {
  const code = await run(command, args);
  if (code !== 0) {
    console.error(`\n${command} failed (exit code ${code}).`);
    process.exit(code);
  }
}
console.log('\nAll checks and tests passed.');
