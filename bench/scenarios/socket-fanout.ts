import { setTimeout as sleep } from 'node:timers/promises';
import { signInToken } from '../harness/session.ts';
import { summarize } from '../harness/stats.ts';
import {
  authHeaders,
  type ScenarioContext,
  type SocketFigures,
  type SocketResult,
  type Target,
} from './scenario.ts';

/**
 * Sockets one session may hold (`SOCKETS_PER_SESSION` of the server's notifications routes,
 * not imported: that module brings the server's types into the bench's project).
 */
const SOCKETS_PER_SESSION = 20;

/** How long a call's event may take before it counts as missed. */
const EVENT_WAIT_MS = 2000;
const PAUSE_BETWEEN_CALLS_MS = 100;
const WARM_UP_CALLS = 3;

function openSocket(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.addEventListener('open', () => resolve(socket), { once: true });
    socket.addEventListener('error', () => reject(new Error(`WebSocket ${url} failed`)), {
      once: true,
    });
  });
}

interface PendingCall {
  started: number;
  received: number;
  allArrived: () => void;
}

/**
 * Sessions of the front desk enough for `sockets` boards: the API lets one session hold
 * `SOCKETS_PER_SESSION` sockets (a tab or a board each) and closes the others. The
 * baseline takes any token.
 */
async function boardTokens(context: ScenarioContext, sockets: number): Promise<string[]> {
  const { frontDesk } = context.fixtures;
  const more = Math.max(0, Math.ceil(sockets / SOCKETS_PER_SESSION) - 1);
  const others = [];
  for (let n = 0; n < more; n += 1) {
    others.push(await signInToken(context.api.url, frontDesk.username, frontDesk.password));
  }
  return [context.token, ...others];
}

/**
 * Opens the boards, then calls the same entry in again and again, one call at a time,
 * timing each board's `queueCalledIn` from just before the PUT is sent.
 */
async function measure(
  context: ScenarioContext,
  target: Target,
  tokens: readonly string[],
): Promise<SocketFigures> {
  const { config, fixtures } = context;
  const base = context[target].url;
  const socketUrl = (board: number) =>
    `${base.replace(/^http/, 'ws')}/api/v1/notifications/ws?branchId=${fixtures.branchId}` +
    `&token=${encodeURIComponent(tokens[Math.floor(board / SOCKETS_PER_SESSION)]!)}`;
  const sockets = await Promise.all(
    Array.from({ length: config.sockets }, (_, board) => openSocket(socketUrl(board))),
  );
  let pending: PendingCall | undefined;
  let recording = false;
  const delays: number[] = [];
  for (const socket of sockets) {
    socket.addEventListener('message', (event) => {
      const arrived = performance.now();
      const message = JSON.parse(String(event.data)) as { eventCode?: string };
      if (message.eventCode !== 'queueCalledIn' || !pending) return;
      if (recording) delays.push(arrived - pending.started);
      pending.received += 1;
      if (pending.received === sockets.length) pending.allArrived();
    });
  }
  const callLatencies: number[] = [];
  let missed = 0;
  try {
    for (let call = 0; call < WARM_UP_CALLS + config.socketCalls; call += 1) {
      recording = call >= WARM_UP_CALLS;
      let allArrived = () => {};
      const arrived = new Promise<void>((resolve) => (allArrived = resolve));
      const current: PendingCall = { started: performance.now(), received: 0, allArrived };
      pending = current;
      const response = await fetch(`${base}/api/v1/queue/${fixtures.callInEntryId}/call-in`, {
        method: 'PUT',
        headers: authHeaders(context),
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`call-in answered ${response.status}`);
      if (recording) callLatencies.push(performance.now() - current.started);
      await Promise.race([arrived, sleep(EVENT_WAIT_MS)]);
      if (recording) missed += sockets.length - current.received;
      pending = undefined;
      await sleep(PAUSE_BETWEEN_CALLS_MS);
    }
  } finally {
    for (const socket of sockets) socket.close();
  }
  const figures = {
    sockets: sockets.length,
    calls: config.socketCalls,
    delay: summarize(delays),
    missed,
    call: summarize(callLatencies),
  };
  console.log(
    `  socket event [${target}]: p50 ${figures.delay.p50.toFixed(1)} ms, p95 ${figures.delay.p95.toFixed(1)} ms` +
      ` over ${figures.delay.count} deliveries, ${missed} missed`,
  );
  return figures;
}

/** PUT /queue/{id}/call-in while every board of the branch listens on its socket. */
export async function socketFanout(context: ScenarioContext): Promise<SocketResult> {
  const tokens = await boardTokens(context, context.config.sockets);
  const api = await measure(context, 'api', tokens);
  const baseline = await measure(context, 'baseline', tokens);
  return {
    kind: 'socket',
    id: 'socket',
    name: `Queue call-in to WebSocket event, ${context.config.sockets} boards`,
    call: 'PUT /api/v1/queue/{id}/call-in, then queueCalledIn on ws /api/v1/notifications/ws',
    api,
    baseline,
  };
}
