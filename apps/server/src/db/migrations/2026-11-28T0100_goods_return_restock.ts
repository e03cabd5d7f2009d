import type { Kysely } from 'kysely';
import { runStatements } from '../migration-helpers.ts';

/**
 * Goods-return credit notes restock (issue 13, docs/architecture.md "Credit notes and
 * deposits" and "Inventory"): the stock ledger gains the kind `return`, positive when a
 * note puts dispensed medicine back into the batches it came from, negative when the note
 * is voided and the stock taken out again. A return always names its credit note
 * (`reference_id`), which is how the void finds what to take out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE stock_movements DROP CONSTRAINT stock_movements_kind_check`,
    `ALTER TABLE stock_movements ADD CONSTRAINT stock_movements_kind_check
       CHECK (kind IN ('receipt', 'dispense', 'adjustment', 'tally', 'requisition', 'return'))`,
    `ALTER TABLE stock_movements ADD CONSTRAINT stock_movements_return_reference
       CHECK (kind <> 'return' OR reference_id IS NOT NULL)`,
  ]);
}
