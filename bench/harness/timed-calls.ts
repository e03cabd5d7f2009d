import { loadavg } from 'node:os';

/**
 * What the hand-run benchmarks (`snomed-search.ts`, `catalog-picker.ts`, `billing.ts`)
 * share: a seeded random source, percentiles, the load average, and timing calls over N
 * connections.
 */

/** A deterministic random source in [0, 1), so runs compare. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** The p-th percentile of ascending values. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

/** The 1, 5 and 15 minute load averages, as printed next to the figures. */
export function loadAverageText(): string {
  return loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
}

/**
 * Runs `call` on every input, `connections` at a time; answers each call's kind, time
 * (ms) and how many results it answered, and the calls per second.
 */
export async function timeCalls<K, I>(
  inputs: readonly { kind: K; input: I }[],
  connections: number,
  call: (input: I) => Promise<readonly unknown[]>,
): Promise<{ times: { kind: K; ms: number; found: number }[]; perSecond: number }> {
  const times: { kind: K; ms: number; found: number }[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < inputs.length) {
        const { kind, input } = inputs[next++]!;
        const t0 = performance.now();
        const found = await call(input);
        times.push({ kind, ms: performance.now() - t0, found: found.length });
      }
    }),
  );
  return { times, perSecond: Math.round(inputs.length / ((performance.now() - started) / 1000)) };
}

/** Markdown rows (connections, kind, count, p50, p95, p99, mean answered) per kind and all. */
export function percentileRows<K extends string>(
  kinds: readonly K[],
  times: readonly { kind: K; ms: number; found: number }[],
  connections: number,
): string[] {
  return [...kinds, 'all' as const].map((kind) => {
    const of = times.filter((time) => kind === 'all' || time.kind === kind);
    const sorted = of.map((time) => time.ms).sort((a, b) => a - b);
    const found = of.reduce((sum, time) => sum + time.found, 0) / of.length;
    return `| ${connections} | ${kind} | ${of.length} | ${percentile(sorted, 50).toFixed(2)} | ${percentile(sorted, 95).toFixed(2)} | ${percentile(sorted, 99).toFixed(2)} | ${found.toFixed(1)} |`;
  });
}
