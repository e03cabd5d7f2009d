import autocannon from 'autocannon';
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
