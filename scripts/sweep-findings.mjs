// The route sweep's findings as a Markdown table (screen × size × problem), read from the
// results it keeps in test-results/sweep/<size>/<screen>.json; and its slowest screens.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const root = 'test-results/sweep';
if (!existsSync(root)) {
  console.error('No sweep results: run the sweep first (see docs/architecture.md).');
  process.exit(1);
}
const results = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((size) =>
    readdirSync(join(root, size.name))
      .filter((file) => file.endsWith('.json'))
      .map((file) => JSON.parse(readFileSync(join(root, size.name, file), 'utf8'))),
  );
const bySize = (a, b) => parseInt(a.size) - parseInt(b.size);
const failing = results.filter((result) => result.problems.length > 0);
console.log(`${results.length} screens swept, ${failing.length} with problems.\n`);
console.log('| Screen | Address | Size | Role | Problem |\n|---|---|---|---|---|');
for (const result of failing.toSorted((a, b) => a.screen.localeCompare(b.screen) || bySize(a, b)))
  for (const problem of result.problems)
    console.log(
      `| ${result.screen} | ${result.address} | ${result.size} | ${result.role} | ${problem.replaceAll('|', '\\|')} |`,
    );
const seconds = results.map((result) => result.seconds);
console.log(
  `\nSum of screen times: ${Math.round(seconds.reduce((a, b) => a + b, 0))} s; slowest: ${results
    .toSorted((a, b) => b.seconds - a.seconds)
    .slice(0, 5)
    .map((r) => `${r.screen} at ${r.size} ${r.seconds} s`)
    .join(', ')}`,
);
