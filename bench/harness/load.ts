import autocannon from 'autocannon';
import http from 'node:http';
import { summarize, type LatencySummary } from './stats.ts';

/** A request of a load run; `next` gives each request its own path or body. */
export interface LoadRequest {
  method: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  next: () => { path: string; body?: unknown };
}

export interface LoadOptions {
  url: string;
  request: LoadRequest;
  durationSeconds: number;
  connections: number;
}

/** What one load run measured: successful requests per second and their latency. */
export interface LoadFigures {
  requestsPerSecond: number;
  latency: LatencySummary;
  /** Responses other than 2xx, and connection errors or timeouts. */
  failures: number;
  /** The status codes of failures with how often each came. */
  failureCodes: Record<string, number>;
  /** CPU milliseconds per successful request: the server process, its PostgreSQL backends. */
  cpuMsPerRequest?: { server: number; database: number };
  /** For a group of calls sent at once (`runGroupLoad`): each call's own latency. */
  byCall?: CallFigures[];
}

/** Runs autocannon, keeping every 2xx latency so the report can give an exact p95. */
export async function runLoad(options: LoadOptions): Promise<LoadFigures> {
  const latencies: number[] = [];
  const failureCodes: Record<string, number> = {};
  const { request } = options;
  const headers = {
    ...request.headers,
    ...(request.method === 'GET' ? {} : { 'content-type': 'application/json' }),
  };
  let finish: (result: autocannon.Result) => void = () => {};
  let fail: (error: unknown) => void = () => {};
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon(
    {
      url: options.url,
      connections: options.connections,
      duration: options.durationSeconds,
      requests: [
        {
          method: request.method,
          headers,
          setupRequest: (req) => {
            const { path, body } = request.next();
            return { ...req, path, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
          },
        },
      ],
    },
    (error, result) => (error ? fail(error) : finish(result)),
  );
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    else failureCodes[statusCode] = (failureCodes[statusCode] ?? 0) + 1;
  });
  const result = await done;
  const errors = result.errors + result.timeouts;
  if (errors > 0) failureCodes.connection = errors;
  return {
    requestsPerSecond: latencies.length / result.duration,
    latency: summarize(latencies),
    failures: Object.values(failureCodes).reduce((sum, n) => sum + n, 0),
    failureCodes,
  };
}

/**
 * GETs a page sends at once when it opens (e.g. a patient record: its header and its first
 * page of visits): each group is timed from its first call until its last answer.
 */
export interface LoadGroup {
  headers?: Record<string, string>;
  /** What each call is, in the order of the paths `next` gives, for figures call by call. */
  calls: readonly string[];
  /** The paths of the next group's calls. */
  next: () => string[];
}

/** What one call of a group took, in the groups of a load run. */
export interface CallFigures {
  call: string;
  latency: LatencySummary;
}

const GROUP_CALL_TIMEOUT_MS = 10_000;

/**
 * `connections` clients, each sending a group's calls at once (one socket per call, as a
 * browser would) and the next group when the last answer came. `requestsPerSecond` and
 * `latency` are of whole groups (a group counts when every answer is 2xx); `byCall` has
 * each call's own latency. Uses node:http rather than autocannon, which sends one request
 * at a time per connection.
 */
export async function runGroupLoad(options: {
  url: string;
  group: LoadGroup;
  durationSeconds: number;
  connections: number;
}): Promise<LoadFigures> {
  const { group } = options;
  const base = new URL(options.url);
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: options.connections * group.calls.length,
  });
  const failureCodes: Record<string, number> = {};
  const fail = (code: string) => void (failureCodes[code] = (failureCodes[code] ?? 0) + 1);
  const groupLatencies: number[] = [];
  const callLatencies = group.calls.map((): number[] => []);
  const get = (path: string) =>
    new Promise<{ ok: boolean; ms: number }>((resolve) => {
      const started = performance.now();
      let settled = false;
      const done = (ok: boolean, failure?: string) => {
        if (settled) return;
        settled = true;
        if (failure) fail(failure);
        resolve({ ok, ms: performance.now() - started });
      };
      const request = http.request(
        {
          host: base.hostname,
          port: base.port,
          path,
          method: 'GET',
          headers: group.headers,
          agent,
          timeout: GROUP_CALL_TIMEOUT_MS,
        },
        (response) => {
          const status = response.statusCode ?? 0;
          response.on('error', () => done(false, 'connection'));
          response.on('end', () => {
            const ok = status >= 200 && status < 300;
            done(ok, ok ? undefined : String(status));
          });
          response.resume();
        },
      );
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', () => done(false, 'connection'));
      request.end();
    });
  const started = performance.now();
  const until = started + options.durationSeconds * 1000;
  const client = async () => {
    while (performance.now() < until) {
      const paths = group.next();
      const groupStarted = performance.now();
      const answers = await Promise.all(paths.map(get));
      const groupMs = performance.now() - groupStarted;
      answers.forEach((answer, i) => {
        if (answer.ok) callLatencies[i]?.push(answer.ms);
      });
      if (answers.every((answer) => answer.ok)) groupLatencies.push(groupMs);
    }
  };
  await Promise.all(Array.from({ length: options.connections }, client));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    requestsPerSecond: groupLatencies.length / seconds,
    latency: summarize(groupLatencies),
    failures: Object.values(failureCodes).reduce((sum, n) => sum + n, 0),
    failureCodes,
    byCall: group.calls.map((call, i) => ({ call, latency: summarize(callLatencies[i]!) })),
  };
}
