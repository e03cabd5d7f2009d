import { endpoints } from '../common/contract.ts';
import type { inventorySchemas } from './inventory.contract.ts';

/** Method and path of each inventory route (zod-free). */
export const inventoryApi = endpoints<typeof inventorySchemas>()({
  items: ['GET', '/inventory/items'],
  item: ['GET', '/inventory/items/:id'],
  reorderLevel: ['PUT', '/inventory/items/:id/reorder-level'],
  batches: ['GET', '/inventory/batches'],
  transactions: ['GET', '/inventory/transactions'],
  nearExpiry: ['GET', '/inventory/near-expiry'],
  lowStock: ['GET', '/inventory/low-stock'],
  receive: ['POST', '/inventory/receipts'],
  adjust: ['POST', '/inventory/adjustments'],
  suppliers: ['GET', '/inventory/suppliers'],
  supplier: ['GET', '/inventory/suppliers/:id'],
  supplierCreate: ['POST', '/inventory/suppliers'],
  supplierUpdate: ['PUT', '/inventory/suppliers/:id'],
  supplierDelete: ['DELETE', '/inventory/suppliers/:id'],
  dispense: ['POST', '/inventory/dispense'],
  dispenseReport: ['GET', '/inventory/batchs/dispense-record'],
  itemLog: ['GET', '/inventory/item-logs'],
});
