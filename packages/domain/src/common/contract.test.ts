import { describe, expect, it } from 'vitest';
import { apiContract } from '../api-contract.ts';
import { queueApi } from '../queue/queue.endpoints.ts';
import { QueueIdParams } from '../queue/queue.ts';
import { fillPath } from './contract.ts';

describe('the API contract', () => {
  it('fills path parameters, encoded, and refuses a missing one', () => {
    expect(fillPath('/tenants/:subdomain/confirm', { subdomain: 'a b/c' })).toBe(
      '/tenants/a%20b%2Fc/confirm',
    );
    expect(fillPath('/queue/:id/seq', { id: 7 })).toBe('/queue/7/seq');
    expect(() => fillPath('/queue/:id/seq', {})).toThrow('no value for :id');
  });

  it('joins each endpoint with its own schemas', () => {
    expect(queueApi.status).toEqual({ method: 'PUT', path: '/queue/:id/status' });
    expect(apiContract.queue.status.method).toBe('PUT');
    expect(apiContract.queue.status.path).toBe('/queue/:id/status');
    expect(apiContract.queue.status.params).toBe(QueueIdParams);
  });

  it('names every path parameter in the entry’s params schema', () => {
    for (const feature of Object.values(apiContract)) {
      for (const entry of Object.values<{ path: string; params?: { shape?: object } }>(feature)) {
        const names = [...entry.path.matchAll(/:(\w+)/g)].map((match) => match[1]);
        expect(Object.keys(entry.params?.shape ?? {}).sort(), entry.path).toEqual(names.sort());
      }
    }
  });
});
