import { readFile, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { benchConfig } from './config.ts';
import { ensureDataset, resetRunState } from './harness/dataset.ts';
import { loadFixtures } from './harness/fixtures.ts';
import { describeMachine } from './harness/machine.ts';
import { startServer, type RunningServer } from './harness/servers.ts';
import { signInToken } from './harness/session.ts';
import { readEarlierRun, writeReport, type SavedRun } from './report.ts';
import { noisyNeighbour } from './scenarios/noisy-neighbour.ts';
import { openRecord } from './scenarios/open-record.ts';
import { patientSearch } from './scenarios/patient-search.ts';
import { queueAdd } from './scenarios/queue-add.ts';
import { queueList, queueListWhileChanging } from './scenarios/queue-list.ts';
import type { ScenarioContext, ScenarioResult } from './scenarios/scenario.ts';
import { signIn } from './scenarios/sign-in.ts';
import { socketFanout } from './scenarios/socket-fanout.ts';
import { checkTargets } from './targets.ts';

/**
 * `npm run bench`: makes sure the data set exists, starts our server and the baseline on
 * it, runs every scenario against both, stops them and writes docs/benchmarks.md.
 */

/** Figures of an earlier run to compare with (`BENCH_SAVE_RESULTS` of that run), if kept. */
const EARLIER_RUN = 'bench/earlier-run.json';

const root = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/** Every scenario by its result id; `BENCH_SCENARIOS=queue-list,search-name` runs some only. */
const SCENARIOS: Array<[string, (context: ScenarioContext) => Promise<ScenarioResult>]> = [
  ['search-name', (context) => patientSearch(context, 'name')],
  ['search-nric', (context) => patientSearch(context, 'nric')],
  ['search-phone', (context) => patientSearch(context, 'phone')],
  ['open-record', openRecord],
  ['queue-list', queueList],
  ['queue-list-changing', queueListWhileChanging],
  ['queue-add', queueAdd],
  ['sign-in', signIn],
  ['socket', socketFanout],
  ['noisy-neighbour', noisyNeighbour],
];

/** The command as typed, with any BENCH_* settings in front. */
function commandLine(): string {
  const settings = Object.entries(process.env)
    .filter(([name]) => name.startsWith('BENCH_'))
    .map(([name, value]) => `${name}=${value}`);
  return [...settings, 'npm run bench'].join(' ');
}

/**
 * `BENCH_RENDER_FROM=<saved figures>`: writes docs/benchmarks.md again from a run saved
 * with `BENCH_SAVE_RESULTS`, with the current analysis, without measuring anything.
 */
async function renderAgain(path: string): Promise<void> {
  const saved = (await readEarlierRun(path)) ?? null;
  if (!saved?.dataset || saved.runSeconds === undefined)
    throw new Error(`${path} holds no saved run with its data set`);
  const report = root('docs/benchmarks.md');
  await writeReport(report, {
    machine: saved.machine,
    command: saved.command,
    config: benchConfig(),
    dataset: saved.dataset,
    results: saved.results,
    targets: checkTargets(saved.results),
    runSeconds: saved.runSeconds,
    analysis: await readFile(root('bench/analysis.md'), 'utf8'),
    earlier: await readEarlierRun(root(EARLIER_RUN)),
  });
  console.log(`Wrote ${report} from ${path}`);
}

async function main(): Promise<void> {
  if (process.env.BENCH_RENDER_FROM) return renderAgain(process.env.BENCH_RENDER_FROM);
  const started = performance.now();
  const loadBefore = loadavg()[0] ?? 0;
  const config = benchConfig();
  const dataset = await ensureDataset(config);
  const lastDay = dataset.manifest.scale.lastDay ?? '';
  const owner = new pg.Client({ connectionString: config.databaseUrl });
  await owner.connect();
  const servers: RunningServer[] = [];
  try {
    await resetRunState(owner, lastDay);
    const fixtures = await loadFixtures(owner, dataset.manifest);
    const machine = await describeMachine(owner, loadBefore);
    console.log('Starting our API and the baseline…');
    const api = await startServer('api', config.apiEntry ?? root('apps/server/src/main.ts'), {
      DATABASE_URL: config.databaseUrl,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    });
    servers.push(api);
    const baseline = await startServer('baseline', root('bench/baseline-server.ts'), {
      BASELINE_DATABASE_URL: config.databaseUrl,
      BASELINE_TENANT_ID: fixtures.tenantId,
    });
    servers.push(baseline);
    const token = await signInToken(
      api.url,
      fixtures.frontDesk.username,
      fixtures.frontDesk.password,
    );
    const roles = {
      api: 'clinic_app',
      baseline: new URL(config.databaseUrl).username || 'postgres',
    };
    const context: ScenarioContext = { config, owner, roles, api, baseline, fixtures, token };
    const results: ScenarioResult[] = [];
    const chosen = process.env.BENCH_SCENARIOS?.split(',').map((id) => id.trim());
    for (const [id, scenario] of SCENARIOS) {
      if (!chosen || chosen.includes(id)) results.push(await scenario(context));
    }

    const targets = checkTargets(results);
    if (config.saveResults) {
      const saved: SavedRun = {
        label: config.label ?? config.apiEntry ?? 'apps/server/src/main.ts',
        command: commandLine(),
        machine,
        results,
        dataset,
        runSeconds: (performance.now() - started) / 1000,
      };
      await writeFile(config.saveResults, `${JSON.stringify(saved, null, 2)}\n`);
      console.log(`Saved the figures to ${config.saveResults}`);
    }
    const path = root('docs/benchmarks.md');
    await writeReport(path, {
      earlier: await readEarlierRun(root(EARLIER_RUN)),
      machine,
      command: commandLine(),
      config,
      dataset,
      results,
      targets,
      runSeconds: (performance.now() - started) / 1000,
      analysis: await readFile(root('bench/analysis.md'), 'utf8'),
    });
    console.log(`\nTargets met: ${targets.filter((t) => t.met).length} of ${targets.length}`);
    for (const t of targets)
      console.log(`  ${t.met ? 'met    ' : 'NOT MET'}  ${t.target}: ${t.figure}`);
    console.log(`Wrote ${path}`);
  } finally {
    for (const server of servers.reverse()) await server.stop();
    await resetRunState(owner, lastDay);
    await owner.end();
  }
}

await main();
