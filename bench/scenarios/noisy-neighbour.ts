import { authHeaders, type NeighbourResult, type ScenarioContext } from './scenario.ts';
import { runLoad, type LoadRequest } from '../harness/load.ts';
import { signInToken } from '../harness/session.ts';
import { BENCH_PASSWORD, CHAIN_SUBDOMAIN, OFFSET_MINUTES } from '../generator/plan.ts';
import { dayStartUnix, epochDay } from '../generator/clock.ts';

const FLOOD_CONNECTIONS = 24;
const VICTIM_CONNECTIONS = 2;
/** Two letters no ID number holds, matched anywhere: a scan of the chain's 1M patients. */
const FLOOD_PATH = '/api/v1/patients/option?keyword=zz&filter=nric';

interface Victim {
  headers: Record<string, string>;
  queuePath: string;
  searchPath: string;
  day: string;
}

/** The first small clinic's front desk, its default branch and its busiest recent day. */
async function victimClinic(context: ScenarioContext): Promise<Victim> {
  const { rows } = await context.owner.query<{
    username: string;
    branch_id: string;
    day: string;
  }>(
    `SELECT u.username, b.id AS branch_id,
            (SELECT q.queue_date::text FROM queue_entries q
              WHERE q.tenant_id = t.id AND q.branch_id = b.id AND q.queue_status = 0
              GROUP BY q.queue_date ORDER BY count(*) DESC, q.queue_date DESC LIMIT 1) AS day
       FROM tenants t
       JOIN branches b ON b.tenant_id = t.id AND b.is_default
       JOIN users u ON u.tenant_id = t.id AND u.type = 'Front Desk'
      WHERE t.subdomain <> $1
      ORDER BY t.subdomain, u.username
      LIMIT 1`,
    [CHAIN_SUBDOMAIN],
  );
  const row = rows[0];
  if (!row) throw new Error('No small clinic with a front desk in the bench data');
  const token = await signInToken(context.api.url, row.username, BENCH_PASSWORD);
  const visitDate = dayStartUnix(epochDay(row.day), OFFSET_MINUTES);
  return {
    headers: { authorization: `Bearer ${token}`, branchid: row.branch_id, 'x-client': 'bench' },
    queuePath: `/api/v1/queue?visitDate=${visitDate}`,
    searchPath: '/api/v1/patients/option?keyword=tan&filter=patient_name',
    day: row.day,
  };
}

const get = (headers: Record<string, string>, path: string): LoadRequest => ({
  method: 'GET',
  headers,
  next: () => ({ path }),
});

/**
 * Our API only: the baseline serves one clinic whatever the token says. The chain floods
 * `FLOOD_PATH` on 24 connections (as the outside probe did from a trial clinic) while a
 * small clinic lists its queue and searches a name on 2; each victim call is measured
 * alone first, then beside the flood.
 */
export async function noisyNeighbour(context: ScenarioContext): Promise<NeighbourResult> {
  const victim = await victimClinic(context);
  const { url } = context.api;
  const seconds = context.config.durationSeconds;
  const calls = [
    {
      name: 'Queue list (small clinic)',
      targeted: true,
      call: `GET ${victim.queuePath} (${victim.day})`,
      path: victim.queuePath,
    },
    {
      name: 'Name search (small clinic)',
      targeted: false,
      call: `GET ${victim.searchPath}`,
      path: victim.searchPath,
    },
  ];
  const victims: NeighbourResult['victims'] = [];
  for (const call of calls) {
    const measure = () =>
      runLoad({
        url,
        request: get(victim.headers, call.path),
        durationSeconds: seconds,
        connections: VICTIM_CONNECTIONS,
      });
    await runLoad({
      url,
      request: get(victim.headers, call.path),
      durationSeconds: 2,
      connections: VICTIM_CONNECTIONS,
    });
    const idle = await measure();
    const flooding = runLoad({
      url,
      request: get(authHeaders(context), FLOOD_PATH),
      durationSeconds: seconds + 2,
      connections: FLOOD_CONNECTIONS,
    });
    await new Promise((started) => setTimeout(started, 1000));
    const flooded = await measure();
    const flood = await flooding;
    console.log(
      `  ${call.name}: p95 ${idle.latency.p95.toFixed(1)} ms alone, ` +
        `${flooded.latency.p95.toFixed(1)} ms beside the flood ` +
        `(flood: ${flood.requestsPerSecond.toFixed(0)} req/s, ${flood.failures} refused or failed)`,
    );
    victims.push({ ...call, idle, flooded, flood });
  }
  return {
    kind: 'neighbour',
    id: 'noisy-neighbour',
    name: 'One clinic floods expensive searches while another works',
    call: `GET ${FLOOD_PATH} on ${FLOOD_CONNECTIONS} connections (the chain, 1M patients)`,
    floodConnections: FLOOD_CONNECTIONS,
    victims,
  };
}
