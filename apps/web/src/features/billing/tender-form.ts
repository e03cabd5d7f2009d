import {
  applyTenders,
  parseMoney,
  sumCents,
  type PaymentMethod,
  type Tender,
  type TenderProblem,
} from '@clinic/domain';

/**
 * The payment dialog's rows (a method and an amount in dollars as typed) and what they come
 * to against the balance, worked out by the domain's `applyTenders`: what the payment takes
 * off the balance and the change (from cash only), or why it would be refused.
 */

export interface TenderRow {
  /** A row's key for React: rows are added and removed. */
  key: number;
  method: string | null;
  /** Dollars as typed. */
  amount: string;
}

export type TenderSummary =
  | {
      ok: true;
      tenders: Tender[];
      tenderedCents: number;
      appliedCents: number;
      changeCents: number;
      balanceAfterCents: number;
    }
  | { ok: false; problem: TenderProblem; tenderedCents: number | null };

/** The rows' tenders in cents (rows left empty are left out), or null when one is not money. */
function tendersOf(rows: readonly TenderRow[]): Tender[] | null {
  const tenders: Tender[] = [];
  for (const row of rows) {
    if (row.amount.trim() === '') continue;
    const money = parseMoney(row.amount);
    if (!money.ok) return null;
    tenders.push({ method: row.method ?? '', amountCents: money.cents });
  }
  return tenders;
}

export function tenderSummary(
  rows: readonly TenderRow[],
  balanceCents: number,
  methods: readonly PaymentMethod[],
): TenderSummary {
  const tenders = tendersOf(rows);
  if (tenders === null) return { ok: false, problem: 'amountInvalid', tenderedCents: null };
  const tenderedCents = sumCents(tenders.map((tender) => tender.amountCents));
  const result = applyTenders(tenders, balanceCents, methods);
  if (!result.ok) return { ok: false, problem: result.problem, tenderedCents };
  return {
    ok: true,
    tenders: tenders.filter((tender) => tender.amountCents > 0),
    tenderedCents,
    appliedCents: result.appliedCents,
    changeCents: result.changeCents,
    balanceAfterCents: balanceCents - result.appliedCents,
  };
}
