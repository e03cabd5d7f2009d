import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import prettier from 'prettier';
import { startServer, type RunningServer } from '../harness/servers.ts';

/**
 * `npm run bench:web`: what a browser on a slow link gets from the built web app. Starts
 * the real server (apps/server/src/main.ts, embedded PGlite in a temporary folder, the
 * build in WEB_DIST) on a free port and loads each sign-in page in Debian's Chromium with
 * the network throttled through the DevTools protocol: 150 ms latency, 1.6 Mbit/s down,
 * 750 kbit/s up. Each page is loaded cold (new browser context, empty cache) RUNS times,
 * then once more in the same context (a returning user). Writes the "Web delivery" section
 * of docs/benchmarks.md.
 *
 * `--before DIR`: also measures an earlier checkout (its server and its built
 * apps/web/dist), for a before/after table.
 */

const root = resolve(import.meta.dirname, '../..');
const PAGES = ['/auth/login', '/login'];
const RUNS = 3;
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: 200_000, // bytes/s: 1.6 Mbit/s
  uploadThroughput: 93_750, // bytes/s: 750 kbit/s
};
const TARGETS = { scriptKB: 150, lcpSeconds: 2.5 };
/** Keeps the latest largest-contentful-paint candidate in window.__lcp (runs in the page). */
const LCP_OBSERVER = `new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__lcp = entry.startTime;
}).observe({ type: 'largest-contentful-paint', buffered: true });`;
const FRAMES =
  'new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 100))))';
const START = '<!-- web-delivery:start -->';
const END = '<!-- web-delivery:end -->';

interface Load {
  lcpMs: number;
  /** Every script until the network was quiet (with those loaded after the paint). */
  scriptBytes: number;
  totalBytes: number;
  requests: number;
  encodings: string[];
}

interface PageFigures {
  page: string;
  cold: Load;
  warm: Load;
}

interface Measured {
  label: string;
  pages: PageFigures[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Loads `url` in a page of `context` with the throttled network; answers what it took. */
async function load(context: BrowserContext, url: string): Promise<Load> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  const types = new Map<string, string>();
  const encodings = new Set<string>();
  let scriptBytes = 0;
  let totalBytes = 0;
  let requests = 0;
  cdp.on('Network.responseReceived', (event) => {
    types.set(event.requestId, event.type);
    const headers = event.response.headers as Record<string, string>;
    const encoding = headers['content-encoding'] ?? headers['Content-Encoding'];
    if (event.type === 'Script') encodings.add(encoding ?? 'identity');
  });
  cdp.on('Network.loadingFinished', (event) => {
    requests += 1;
    totalBytes += event.encodedDataLength;
    if (types.get(event.requestId) === 'Script') scriptBytes += event.encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForLoadState('networkidle', { timeout: 120_000 });
  // Headless Chromium reports a paint once a later frame is produced: ask for two.
  await page.evaluate(FRAMES);
  const lcpMs = Number(await page.evaluate('window.__lcp ?? NaN'));
  await page.close();
  return {
    lcpMs,
    scriptBytes,
    totalBytes,
    requests,
    encodings: [...encodings],
  };
}

async function measurePage(browser: Browser, url: string): Promise<{ cold: Load; warm: Load }> {
  const colds: Load[] = [];
  let warm: Load | undefined;
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    // The largest paint so far; read once the network is quiet.
    await context.addInitScript({ content: LCP_OBSERVER });
    colds.push(await load(context, url));
    if (run === RUNS - 1) warm = await load(context, url);
    await context.close();
  }
  const pick = (key: keyof Omit<Load, 'encodings'>) => median(colds.map((c) => c[key]));
  return {
    cold: {
      lcpMs: pick('lcpMs'),
      scriptBytes: pick('scriptBytes'),
      totalBytes: pick('totalBytes'),
      requests: pick('requests'),
      encodings: colds[0]?.encodings ?? [],
    },
    warm: warm!,
  };
}

/** Starts the server of `checkout` with its built web app; measures every page. */
async function measure(browser: Browser, label: string, checkout: string): Promise<Measured> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-web-'));
  let server: RunningServer | undefined;
  try {
    console.log(`Starting the ${label} server (${checkout})…`);
    server = await startServer(label, join(checkout, 'apps/server/src/main.ts'), {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_DIST: join(checkout, 'apps/web/dist'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    });
    const pages: PageFigures[] = [];
    for (const page of PAGES) {
      const figures = await measurePage(browser, `${server.url}${page}`);
      console.log(
        `  ${label} ${page}: LCP ${figures.cold.lcpMs.toFixed(0)} ms, ` +
          `JS ${(figures.cold.scriptBytes / 1000).toFixed(1)} kB (${figures.cold.encodings.join(', ')})`,
      );
      pages.push({ page, ...figures });
    }
    return { label, pages };
  } finally {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** The budget check's figure for `page` ('144.6 kB'), from its output. */
function initialKB(page: string): string {
  const out = spawnSync(process.execPath, [join(root, 'scripts/web-budget.mjs')], {
    encoding: 'utf8',
  }).stdout;
  const line = out.split('\n').find((l) => l.trim().split(/\s+/)[1] === page);
  return line?.match(/([\d.]+ kB) of/)?.[1] ?? '?';
}
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function render(results: Measured[], command: string): string {
  const rows = results.flatMap(({ label, pages }) =>
    pages.map(({ page, cold, warm }) =>
      [
        label,
        page,
        seconds(cold.lcpMs),
        kB(cold.scriptBytes),
        cold.encodings.join(', '),
        kB(cold.totalBytes),
        String(cold.requests),
        seconds(warm.lcpMs),
        kB(warm.totalBytes),
      ].join(' | '),
    ),
  );
  const after = results.find((r) => r.label === 'after') ?? results[results.length - 1];
  const met = (after?.pages ?? []).map(
    ({ page, cold }) =>
      `- ${page}: initial JavaScript ${initialKB(page)} (target at most ${TARGETS.scriptKB} ` +
      `kB: ${Number.parseFloat(initialKB(page)) <= TARGETS.scriptKB ? 'met' : '**not met**'}); largest ` +
      `contentful paint ${seconds(cold.lcpMs)} (target at most ${TARGETS.lcpSeconds} s): ` +
      `${cold.lcpMs <= TARGETS.lcpSeconds * 1000 ? 'met' : '**not met**'}.`,
  );
  return [
    START,
    '## Web delivery',
    `Command: \`${command}\` (${new Date().toISOString().slice(0, 10)}, load average ` +
      `${loadavg()[0]?.toFixed(1)} on ${process.platform}).`,
    'Debian Chromium (headless) through the DevTools protocol, network throttled with ' +
      '`Network.emulateNetworkConditions`: 150 ms latency, 1.6 Mbit/s down (200,000 B/s), ' +
      '750 kbit/s up. The real server (`apps/server/src/main.ts`, PGlite in a temporary ' +
      'folder) serves the built app on 127.0.0.1. Cold: a new browser context with an empty ' +
      `cache, median of ${RUNS} loads. Warm: the same page again in the context of the last ` +
      "cold load (a returning user). Bytes are as transferred (headers included); JS until idle includes the chunks loaded just after the first paint (dialogs, the snackbar list, the sign-in hint). The initial JavaScript in the targets is the page's budget figure (`scripts/web-budget.mjs`: entry, route chunks and their imports, brotli, from the build manifest). LCP is " +
      'the last `largest-contentful-paint` entry once the network is quiet.',
    '| build | page | LCP cold | JS until idle | JS encoding | all bytes cold | requests | LCP warm | all bytes warm |\n' +
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n' +
      rows.map((row) => `| ${row} |`).join('\n'),
    `Targets (${after?.label ?? 'this'} build):\n\n${met.join('\n')}`,
    END,
  ].join('\n\n');
}

/** Replaces the web section of docs/benchmarks.md (or appends it), formatted by Prettier. */
async function writeSection(section: string): Promise<string> {
  const path = join(root, 'docs/benchmarks.md');
  let text = await readFile(path, 'utf8').catch(() => '# Benchmarks\n');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  text =
    start !== -1 && end > start
      ? text.slice(0, start) + section + text.slice(end + END.length)
      : `${text.trimEnd()}\n\n${section}\n`;
  const options = (await prettier.resolveConfig(path)) ?? {};
  await writeFile(path, await prettier.format(text, { ...options, parser: 'markdown' }));
  return path;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { before: { type: 'string' } } });
  // Measure what the sources build to now (a few seconds with Vite).
  const build = spawnSync(join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd: join(root, 'apps/web'),
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('The web build failed');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
  });
  try {
    const results: Measured[] = [];
    if (values.before) results.push(await measure(browser, 'before', resolve(values.before)));
    results.push(await measure(browser, 'after', root));
    const command = [
      'npm run bench:web',
      ...(values.before ? ['--', '--before', values.before] : []),
    ];
    const path = await writeSection(render(results, command.join(' ')));
    console.log(`Wrote ${path}`);
  } finally {
    await browser.close();
  }
}

await main();
