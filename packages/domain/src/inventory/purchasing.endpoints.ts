import { endpoints } from '../common/contract.ts';
import type { purchasingSchemas } from './purchasing.contract.ts';

/** Method and path of each purchasing route (zod-free). */
export const purchasingApi = endpoints<typeof purchasingSchemas>()({
  purchases: ['GET', '/inventory/purchases'],
  purchase: ['GET', '/inventory/purchases/:id'],
  purchaseCreate: ['POST', '/inventory/purchases'],
  purchaseUpdate: ['PUT', '/inventory/purchases/:id'],
  purchaseConfirm: ['POST', '/inventory/purchases/:id/confirm'],
  purchaseVoid: ['POST', '/inventory/purchases/:id/void'],
  purchaseReceive: ['POST', '/inventory/purchases/:id/receipts'],
  receivedList: ['GET', '/inventory/received'],
  received: ['GET', '/inventory/received/:id'],
  vendor: ['GET', '/inventory/vendors/:id'],
  vendors: ['GET', '/settings/vendors'],
});
