import type { QueryFunctionContext } from '@tanstack/react-query';
import type { CallOptions } from './http.ts';

/**
 * The call options of a query's fetch: a refetch of data already shown (after a socket
 * event, on an interval, on window focus, after an invalidation) is background, so the
 * server does not take it for the user's activity; a first load (a page the user opened)
 * is the user's.
 */
export function queryCallOptions({
  client,
  queryKey,
}: Pick<QueryFunctionContext, 'client' | 'queryKey'>): CallOptions {
  return { background: client.getQueryState(queryKey)?.data !== undefined };
}
