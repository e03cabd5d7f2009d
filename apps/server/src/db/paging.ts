import { sql, type SelectQueryBuilder } from 'kysely';

/** Which page of a list: the API's `pageIndex` (from 1) and `pageSize`. */
export interface Paging {
  pageIndex: number;
  pageSize: number;
}

/**
 * One page of a list with the count of all its rows, read at once: `rows` is the list's
 * query (joins, columns, order), `filtered` the same rows without them (its filters only),
 * which is all the count needs.
 */
export async function pageOf<D, TB extends keyof D, O, RD, RTB extends keyof RD, R>(
  filtered: SelectQueryBuilder<D, TB, O>,
  rows: SelectQueryBuilder<RD, RTB, R>,
  paging: Paging,
): Promise<{ rows: R[]; total: number }> {
  const [page, count] = await Promise.all([
    rows
      .offset((paging.pageIndex - 1) * paging.pageSize)
      .limit(paging.pageSize)
      .execute(),
    // Kysely cannot name the row of a select on a query still generic: it is this one.
    filtered.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow() as Promise<{
      total: number;
    }>,
  ]);
  return { rows: page, total: count.total };
}
