import { useQuery, type QueryKey } from '@tanstack/react-query';
import { api } from '../api/clients.ts';
import { useBranch } from './branch.ts';

export interface ItemList<T> {
  items: T[];
  total?: number;
}

/** Option lists change rarely: fetched once per branch visit, kept for ten minutes. */
export const OPTION_STALE_MS = 10 * 60_000;

/** The items of an option list (`{ items }`); a failure leaves it empty (doc 2 section 7). */
export function useOptionItems<T>(
  queryKey: QueryKey,
  path: string,
  query?: Record<string, string | number>,
): T[] {
  const { branchId } = useBranch();
  return (
    useQuery({
      queryKey,
      queryFn: () =>
        api()
          .get<ItemList<T>>(path, query)
          .then((list) => list.items),
      enabled: Boolean(branchId),
      staleTime: OPTION_STALE_MS,
    }).data ?? []
  );
}
