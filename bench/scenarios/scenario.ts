import type pg from 'pg';
import type { BenchConfig } from '../config.ts';
import { cpuPerRequest, sampleCpu } from '../harness/cpu.ts';
import type { Fixtures } from '../harness/fixtures.ts';
import {
  runGroupLoad,
  runLoad,
  type LoadFigures,
  type LoadGroup,
  type LoadRequest,
} from '../harness/load.ts';
import type { RunningServer } from '../harness/servers.ts';
import type { LatencySummary } from '../harness/stats.ts';

/** What every scenario gets: both servers, a signed-in front desk, the fixtures. */
export interface ScenarioContext {
  config: BenchConfig;
  /** The bench database as its owner (for CPU samples of the servers' backends). */
  owner: pg.ClientBase;
  /** The database role each server connects as. */
  roles: Record<Target, string>;
  api: RunningServer;
  baseline: RunningServer;
  fixtures: Fixtures;
  /** A session token of the front desk user (the baseline ignores it). */
  token: string;
}

export type Target = 'api' | 'baseline';

/** An HTTP call measured on our API and on the baseline. */
export interface HttpResult {
  kind: 'http';
  id: string;
  name: string;
  /** What was sent, for the report. */
  call: string;
  api: LoadFigures;
  baseline: LoadFigures;
  /** The same at one connection: latency without queueing, for the latency targets. */
  single?: { api: LoadFigures; baseline: LoadFigures };
  /** Searches: each keyword alone, slowest first (ms). */
  byKeyword?: KeywordTiming[];
}

export interface KeywordTiming {
  keyword: string;
  api: number;
  baseline: number;
}

/** Delay from a queue mutation to its event on every connected board. */
export interface SocketFigures {
  sockets: number;
  calls: number;
  delay: LatencySummary;
  /** Events that did not arrive within the wait. */
  missed: number;
  /** Latency of the mutating HTTP call itself. */
  call: LatencySummary;
}

export interface SocketResult {
  kind: 'socket';
  id: string;
  name: string;
  call: string;
  api: SocketFigures;
  baseline: SocketFigures;
}

/** One clinic floods expensive searches while another works (our API only). */
export interface NeighbourResult {
  kind: 'neighbour';
  id: string;
  name: string;
  call: string;
  floodConnections: number;
  /** Each call of the other clinic alone, then beside the flood, with what the flood got. */
  victims: Array<{
    name: string;
    call: string;
    /** The target: this call's p95 beside the flood at most twice its p95 alone. */
    targeted: boolean;
    idle: LoadFigures;
    flooded: LoadFigures;
    flood: LoadFigures;
  }>;
}

export type ScenarioResult = HttpResult | SocketResult | NeighbourResult;

export function authHeaders(context: ScenarioContext): Record<string, string> {
  return {
    authorization: `Bearer ${context.token}`,
    branchid: context.fixtures.branchId,
    'x-client': 'bench',
  };
}

/** Each call takes the next item of a list, round and round. */
export function rotation<T>(items: readonly T[]): () => T {
  if (items.length === 0) throw new Error('Nothing to rotate through');
  let next = 0;
  return () => {
    const item = items[next % items.length]!;
    next += 1;
    return item;
  };
}

const WARM_UP_SECONDS = 2;
const SINGLE_CONNECTION_SECONDS = 5;

/**
 * Loads our API, then the baseline, with the same request maker; a short unmeasured
 * warm-up first on each (JIT, pool connections, caches). With `single`, both are also
 * measured at one connection. A maker of groups (`LoadGroup`: calls sent at once) measures
 * groups: its req/s and latency are of whole groups, with each call's in `byCall`.
 */
export async function compareHttp(
  context: ScenarioContext,
  what: {
    id: string;
    name: string;
    call: string;
    single?: boolean;
    /** Work running beside the measured load on a target (started after the warm-up); stops it. */
    during?: (target: Target) => () => Promise<void>;
  },
  request: (target: Target) => LoadRequest | LoadGroup,
): Promise<HttpResult> {
  const { single, during, ...described } = what;
  const measure = async (target: Target, connections: number, durationSeconds: number) => {
    const { url } = context[target];
    const load = (seconds: number) => {
      const made = request(target);
      return 'calls' in made
        ? runGroupLoad({ url, group: made, durationSeconds: seconds, connections })
        : runLoad({ url, request: made, durationSeconds: seconds, connections });
    };
    await load(WARM_UP_SECONDS);
    const source = { pid: context[target].pid, role: context.roles[target] };
    const before = await sampleCpu(context.owner, source);
    const stopBeside = during?.(target);
    const figures = await load(durationSeconds);
    await stopBeside?.();
    figures.cpuMsPerRequest = cpuPerRequest(
      before,
      await sampleCpu(context.owner, source),
      figures.requestsPerSecond * durationSeconds,
    );
    const failures =
      figures.failures > 0
        ? `, ${figures.failures} failures ${JSON.stringify(figures.failureCodes)}`
        : '';
    console.log(
      `  ${what.name} [${target}, ${connections} conn.]: ${figures.requestsPerSecond.toFixed(0)} req/s, ` +
        `p50 ${figures.latency.p50.toFixed(1)} ms, p95 ${figures.latency.p95.toFixed(1)} ms, ` +
        `CPU/request ${figures.cpuMsPerRequest.server.toFixed(2)} + ${figures.cpuMsPerRequest.database.toFixed(2)} ms${failures}`,
    );
    return figures;
  };
  const { connections, durationSeconds } = context.config;
  const api = await measure('api', connections, durationSeconds);
  const baseline = await measure('baseline', connections, durationSeconds);
  const result: HttpResult = { kind: 'http', ...described, api, baseline };
  if (single) {
    result.single = {
      api: await measure('api', 1, SINGLE_CONNECTION_SECONDS),
      baseline: await measure('baseline', 1, SINGLE_CONNECTION_SECONDS),
    };
  }
  return result;
}
