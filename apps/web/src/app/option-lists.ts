import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useBranch } from './branch.ts';

/** Option lists change rarely: fetched once per branch visit, kept for ten minutes. */
export const OPTION_STALE_MS = 10 * 60_000;

/** The items of an option list `load` fetches; a failure leaves it empty (doc 2 section 7). */
export function useOptionItems<T>(queryKey: QueryKey, load: () => Promise<{ items: T[] }>): T[] {
  const { branchId } = useBranch();
  return (
    useQuery({
      queryKey,
      queryFn: () => load().then((list) => list.items),
      enabled: Boolean(branchId),
      staleTime: OPTION_STALE_MS,
    }).data ?? []
  );
}
