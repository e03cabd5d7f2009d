import { describe, expect, it } from 'vitest';
import type {
  BranchEvent,
  BranchEventHandler,
  DataChange,
  DataChangeHandler,
  EventBus,
} from '../../platform/event-bus.ts';
import { QueueDayCache } from './queue-day-cache.ts';
import { probeEvent } from '../../../test/probe-event.ts';

/**
 * The cache's rules with the notices under the test's control (the real bus is exercised
 * by queue-day-cache.int.test.ts): what a bus delivers, in the order the test says.
 */
class ScriptedBus implements EventBus {
  readonly #events = new Set<BranchEventHandler>();
  readonly #changes = new Set<DataChangeHandler>();
  listening = true;
  readonly hearsDataChanges = true;

  async publish(): Promise<void> {}
  subscribe(handler: BranchEventHandler) {
    this.#events.add(handler);
    return () => this.#events.delete(handler);
  }
  onDataChange(handler: DataChangeHandler) {
    this.#changes.add(handler);
    return () => this.#changes.delete(handler);
  }
  onAccessChange() {
    return () => {};
  }
  observeLag() {
    return () => {};
  }
  async close(): Promise<void> {}

  queueEvent(tenantId: string, branchId: string): void {
    const event: BranchEvent = { tenantId, ...probeEvent(branchId, 'changed-entry') };
    for (const handler of this.#events) handler(event);
  }
  dataChange(change: DataChange): void {
    for (const handler of this.#changes) handler(change);
  }
}

/** A load that counts its calls and answers what the database holds now. */
function database(initial: string) {
  let content = initial;
  let reads = 0;
  return {
    set: (next: string) => (content = next),
    get reads() {
      return reads;
    },
    load: async () => {
      reads += 1;
      return content;
    },
  };
}

function deferred() {
  let resolve!: (value: string) => void;
  const promise = new Promise<string>((done) => (resolve = done));
  return { promise, resolve };
}

describe('the queue day answers kept in memory', () => {
  it('reads the database once while nothing changes', async () => {
    const cache = new QueueDayCache(new ScriptedBus());
    const db = database('day-1');
    expect(await cache.answer('t1', 'b1', 100, db.load)).toBe('day-1');
    expect(await cache.answer('t1', 'b1', 100, db.load)).toBe('day-1');
    expect(db.reads).toBe(1);
  });

  it('shares one read between callers that ask at the same time', async () => {
    const cache = new QueueDayCache(new ScriptedBus());
    const db = database('day-1');
    const answers = await Promise.all([1, 2, 3].map(() => cache.answer('t1', 'b1', 100, db.load)));
    expect(answers).toEqual(['day-1', 'day-1', 'day-1']);
    expect(db.reads).toBe(1);
  });

  it("reads again after the branch's queue event, and only that branch", async () => {
    const bus = new ScriptedBus();
    const cache = new QueueDayCache(bus);
    const b1 = database('b1-before');
    const b2 = database('b2');
    await cache.answer('t1', 'b1', 100, b1.load);
    await cache.answer('t1', 'b2', 100, b2.load);
    b1.set('b1-after');
    bus.queueEvent('t1', 'b1');
    expect(await cache.answer('t1', 'b1', 100, b1.load)).toBe('b1-after');
    await cache.answer('t1', 'b2', 100, b2.load);
    expect(b2.reads).toBe(1);
  });

  it("drops a clinic's answers on its data change, and everything after missed notices", async () => {
    const bus = new ScriptedBus();
    const cache = new QueueDayCache(bus);
    const own = database('own');
    const other = database('other');
    await cache.answer('t1', 'b1', 100, own.load);
    await cache.answer('t2', 'b9', 100, other.load);
    bus.dataChange({ tenantId: 't1', table: 'patients' });
    await cache.answer('t1', 'b1', 100, own.load);
    await cache.answer('t2', 'b9', 100, other.load);
    expect([own.reads, other.reads]).toEqual([2, 1]);
    bus.dataChange({ tenantId: null, table: null });
    await cache.answer('t2', 'b9', 100, other.load);
    expect(other.reads).toBe(2);
  });

  it('never keeps a read that began before a change, nor lets later callers join it', async () => {
    const bus = new ScriptedBus();
    const cache = new QueueDayCache(bus);
    const slow = deferred();
    const before = cache.answer('t1', 'b1', 100, () => slow.promise);
    bus.queueEvent('t1', 'b1');
    const after = database('after');
    const afterAnswer = cache.answer('t1', 'b1', 100, after.load);
    slow.resolve('before');
    expect(await before).toBe('before');
    expect(await afterAnswer).toBe('after');
    expect(await cache.answer('t1', 'b1', 100, after.load)).toBe('after');
    expect(after.reads).toBe(1);
  });

  it('keeps nothing while the bus is not listening', async () => {
    const bus = new ScriptedBus();
    bus.listening = false;
    const cache = new QueueDayCache(bus);
    const db = database('day');
    await cache.answer('t1', 'b1', 100, db.load);
    await cache.answer('t1', 'b1', 100, db.load);
    expect(db.reads).toBe(2);
  });

  it('keeps at most maxEntries answers, dropping the least recently used', async () => {
    const cache = new QueueDayCache(new ScriptedBus(), { maxEntries: 2, maxAgeMs: 60_000 });
    const days = [database('d1'), database('d2'), database('d3')];
    await cache.answer('t1', 'b1', 1, days[0]!.load);
    await cache.answer('t1', 'b1', 2, days[1]!.load);
    await cache.answer('t1', 'b1', 1, days[0]!.load); // d1 used again: d2 is now the oldest
    await cache.answer('t1', 'b1', 3, days[2]!.load);
    await cache.answer('t1', 'b1', 1, days[0]!.load);
    await cache.answer('t1', 'b1', 2, days[1]!.load);
    expect(days.map((day) => day.reads)).toEqual([1, 2, 1]);
  });

  it('reads again once an answer is older than maxAgeMs', async () => {
    const cache = new QueueDayCache(new ScriptedBus(), { maxEntries: 10, maxAgeMs: 0 });
    const db = database('day');
    await cache.answer('t1', 'b1', 100, db.load);
    await new Promise((done) => setTimeout(done, 5));
    await cache.answer('t1', 'b1', 100, db.load);
    expect(db.reads).toBe(2);
  });

  it('does not keep a missing branch', async () => {
    const cache = new QueueDayCache(new ScriptedBus());
    let reads = 0;
    const load = async () => {
      reads += 1;
      return undefined;
    };
    await cache.answer('t1', 'b1', 100, load);
    await cache.answer('t1', 'b1', 100, load);
    expect(reads).toBe(2);
  });
});
