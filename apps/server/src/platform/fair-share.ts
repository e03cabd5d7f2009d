import type { FastifyInstance } from 'fastify';
import { unavailable } from './errors.ts';

export interface FairShareOptions {
  /** Requests of one clinic served at once by this instance; the rest wait their turn. */
  perClinic: number;
  /** Requests of one clinic waiting at most; one more is refused (503) at once. */
  queuePerClinic: number;
}

interface ClinicLine {
  running: number;
  waiting: Array<() => void>;
}

/**
 * One clinic's load queues behind itself, not in front of the others: each clinic may
 * have at most `perClinic` requests in work at once on this instance (set below the
 * database pool's size, so one clinic never holds every connection), and its further
 * requests wait in line, first come first served. A clinic with `queuePerClinic`
 * requests already waiting is refused at once rather than piling up.
 */
export class FairShare {
  readonly #options: FairShareOptions;
  readonly #lines = new Map<string, ClinicLine>();

  constructor(options: FairShareOptions) {
    this.#options = options;
  }

  /**
   * Waits for the clinic's turn; the answer gives the turn back (once, however often it is
   * called). When `abandoned` fires first, the place in line is given up and this rejects.
   */
  async enter(clinicId: string, abandoned?: AbortSignal): Promise<() => void> {
    const line = this.#lines.get(clinicId) ?? { running: 0, waiting: [] };
    this.#lines.set(clinicId, line);
    if (line.running < this.#options.perClinic) {
      line.running += 1;
    } else if (line.waiting.length >= this.#options.queuePerClinic) {
      throw unavailable('clinic.busy', 1);
    } else {
      await this.#wait(line, abandoned);
    }
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.#leave(clinicId, line);
    };
  }

  /** Waits in line until `leave` hands over a turn (keeping `running` as it is). */
  #wait(line: ClinicLine, abandoned: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((turn, giveUp) => {
      const waiter = () => {
        abandoned?.removeEventListener('abort', onAbandoned);
        turn();
      };
      const onAbandoned = () => {
        line.waiting.splice(line.waiting.indexOf(waiter), 1);
        // Nobody reads it: the client went away while its request waited in line.
        giveUp(unavailable('request.abandoned'));
      };
      if (abandoned?.aborted) return onAbandoned();
      abandoned?.addEventListener('abort', onAbandoned, { once: true });
      line.waiting.push(waiter);
    });
  }

  /** Requests of a clinic in work and waiting now (for tests and metrics). */
  load(clinicId: string): { running: number; waiting: number } {
    const line = this.#lines.get(clinicId);
    return { running: line?.running ?? 0, waiting: line?.waiting.length ?? 0 };
  }

  #leave(clinicId: string, line: ClinicLine): void {
    const next = line.waiting.shift();
    if (next) return next();
    line.running -= 1;
    if (line.running === 0) this.#lines.delete(clinicId);
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Requests of one clinic this route serves at once per instance (expensive reads such
     * as search), below the clinic's general share; the clinic's others wait in line.
     */
    clinicConcurrency?: number;
  }
  interface FastifyInstance {
    fairShare: FairShare;
  }
}

/**
 * Every signed-in request takes its clinic's turn on its route, if the route declares a
 * `clinicConcurrency`, then its clinic's general turn, before its handler (after the access
 * guard has found the clinic), and gives both back once its response is closed (sent, or
 * abandoned by the client). Sockets take none: they hold no database work between messages.
 */
export function installFairShare(app: FastifyInstance, fairShare: FairShare): void {
  const routeShares = new Map<number, FairShare>();
  const routeShare = (perClinic: number) => {
    let share = routeShares.get(perClinic);
    if (!share)
      routeShares.set(perClinic, (share = new FairShare({ perClinic, queuePerClinic: 100 })));
    return share;
  };
  app.decorate('fairShare', fairShare);
  app.addHook('preHandler', async (request, reply) => {
    if (!request.principal || request.ws) return;
    const { tenantId } = request.principal;
    // The response closes once sent or when the client goes away: either way the turns
    // taken are given back then, and a place still in line is given up.
    const closed = new AbortController();
    reply.raw.once('close', () => closed.abort());
    // A client that went away while the access guard worked: 'close' has already fired.
    if (reply.raw.closed || request.raw.destroyed) closed.abort();
    const perRoute = request.routeOptions.config.clinicConcurrency;
    const routeKey = `${tenantId} ${request.routeOptions.url ?? ''}`;
    const leaveRoute = perRoute
      ? await routeShare(perRoute).enter(routeKey, closed.signal)
      : undefined;
    let leaveClinic: () => void;
    try {
      leaveClinic = await fairShare.enter(tenantId, closed.signal);
    } catch (error) {
      leaveRoute?.();
      throw error;
    }
    const leave = () => {
      leaveClinic();
      leaveRoute?.();
    };
    if (closed.signal.aborted) leave();
    else closed.signal.addEventListener('abort', leave, { once: true });
  });
}
