import { apiContract, type ContractEntry } from '@clinic/domain';
import { describe, expect, it } from 'vitest';
import { setupApiTest } from './api-fixture.ts';

/**
 * The contract in `@clinic/domain` is the API: every route the server registers has an
 * entry there, every entry is registered, and with the entry's own schemas.
 */
const { t } = setupApiTest({ clinics: 0 });

const PREFIX = '/api/v1';
const entries: ContractEntry[] = Object.values(apiContract).flatMap((feature) =>
  Object.values<ContractEntry>(feature),
);
const keyOf = (method: string, url: string) => `${method} ${url}`;

describe('the API contract', () => {
  it('lists every registered route, and every entry is registered (method and path)', () => {
    const registered = t.app.routeTable.map((route) => keyOf(route.method, route.url));
    const declared = entries.map((entry) => keyOf(entry.method, PREFIX + entry.path));
    expect(new Set(declared).size).toBe(declared.length);
    expect([...registered].sort()).toEqual([...declared].sort());
  });

  it('gives the server its schemas: params, query and body are the entry’s own objects', () => {
    for (const entry of entries) {
      const route = t.app.routeTable.find(
        (candidate) => candidate.method === entry.method && candidate.url === PREFIX + entry.path,
      );
      const name = keyOf(entry.method, entry.path);
      expect(route?.schemas.params, name).toBe(entry.params);
      expect(route?.schemas.querystring, name).toBe(entry.query);
      expect(route?.schemas.body, name).toBe(entry.body);
    }
  });
});
