/** Cents as dollars with 2 decimals ('1250' is '12.50'); zod-free, for the list pages. */
export function centsToDollars(cents: number): string {
  return (cents / 100).toFixed(2);
}
