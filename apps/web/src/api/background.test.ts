import { BACKGROUND_REQUEST_HEADER, accountsApi } from '@clinic/domain';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { queryCallOptions } from './background.ts';
import { HttpClient } from './http.ts';

const client = () =>
  new HttpClient({
    baseUrl: 'http://127.0.0.1:9/api/v1',
    clientId: 'test',
    getToken: () => 'token',
    getBranchId: () => undefined,
    onUnauthorized: () => {},
    onForbidden: () => {},
  });

/** The background header of each call sent, in order. */
const marks = () =>
  ((fetch as Mock).mock.calls as Array<[string, RequestInit]>).map(
    ([, init]) => (init.headers as Record<string, string>)[BACKGROUND_REQUEST_HEADER] ?? null,
  );

describe('background calls', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{"data":{"timeout":15}}'))),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('carry X-Background-Request: 1, and only they leave the last user call alone', async () => {
    const http = client();
    expect(http.lastUserCallAt).toBe(0);
    await http.call(accountsApi.timeout, {}, { background: true });
    expect(http.lastUserCallAt).toBe(0);
    await http.call(accountsApi.timeout);
    expect(http.lastUserCallAt).toBeGreaterThan(0);
    expect(marks()).toEqual(['1', null]);
  });

  it("are a query's refetches, not its first load", async () => {
    const http = client();
    const queries = new QueryClient();
    const options = {
      queryKey: ['timeout'],
      queryFn: (context: Parameters<typeof queryCallOptions>[0]) =>
        http.call(accountsApi.timeout, {}, queryCallOptions(context)),
    };
    await queries.fetchQuery(options);
    // What a socket event or window focus does: the data shown is fetched again.
    await queries.fetchQuery({ ...options, staleTime: 0 });
    expect(marks()).toEqual([null, '1']);
  });
});
