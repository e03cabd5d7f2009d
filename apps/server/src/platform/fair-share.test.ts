import { refusalMessage } from '@clinic/domain';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { FairShare } from './fair-share.ts';

describe("a clinic's share of the server", () => {
  it('lets a clinic work up to its share at once and queues the rest in order', async () => {
    const share = new FairShare({ perClinic: 2, queuePerClinic: 10 });
    const first = await share.enter('a');
    await share.enter('a');
    const served: string[] = [];
    const third = share.enter('a').then((leave) => (served.push('third'), leave));
    const fourth = share.enter('a').then((leave) => (served.push('fourth'), leave));
    await Promise.resolve();
    expect(share.load('a')).toEqual({ running: 2, waiting: 2 });
    expect(served).toEqual([]);
    first();
    first(); // giving a turn back twice gives it back once
    await third;
    expect(served).toEqual(['third']);
    expect(share.load('a')).toEqual({ running: 2, waiting: 1 });
    (await third)();
    await fourth;
    expect(served).toEqual(['third', 'fourth']);
  });

  it("never makes one clinic wait for another's turns", async () => {
    const share = new FairShare({ perClinic: 1, queuePerClinic: 10 });
    await share.enter('busy');
    void share.enter('busy');
    await expect(share.enter('quiet')).resolves.toBeTypeOf('function');
    expect(share.load('quiet')).toEqual({ running: 1, waiting: 0 });
  });

  it('refuses at once, with 503 and a retry hint, when the clinic already has a full line', async () => {
    const share = new FairShare({ perClinic: 1, queuePerClinic: 1 });
    await share.enter('a');
    void share.enter('a');
    const refused = await share.enter('a').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      status: 503,
      code: 'clinic.busy',
      message: refusalMessage('clinic.busy'),
      headers: { 'retry-after': '1' },
    });
  });

  it('drops a waiting place whose request is abandoned, and serves the next in line', async () => {
    const share = new FairShare({ perClinic: 1, queuePerClinic: 10 });
    const first = await share.enter('a');
    const abandoned = new AbortController();
    const gone = share.enter('a', abandoned.signal).catch(() => 'gave up');
    const next = share.enter('a');
    abandoned.abort();
    expect(await gone).toBe('gave up');
    expect(share.load('a')).toEqual({ running: 1, waiting: 1 });
    first();
    await expect(next).resolves.toBeTypeOf('function');
  });

  it('forgets a clinic once all its turns are given back', async () => {
    const share = new FairShare({ perClinic: 3, queuePerClinic: 10 });
    const turns = await Promise.all([share.enter('a'), share.enter('a')]);
    for (const leave of turns) leave();
    expect(share.load('a')).toEqual({ running: 0, waiting: 0 });
  });
});
