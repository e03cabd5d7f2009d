import { endpoints } from '../common/contract.ts';
import type { stockTallySchemas } from './stock-tally.contract.ts';

/** Method and path of each count sheet route (zod-free). */
export const stockTallyApi = endpoints<typeof stockTallySchemas>()({
  list: ['GET', '/inventory/stock-tallies'],
  open: ['POST', '/inventory/stock-tallies'],
  sheet: ['GET', '/inventory/stock-tallies/:id'],
  save: ['PUT', '/inventory/stock-tallies/:id'],
  finalise: ['POST', '/inventory/stock-tallies/:id/finalise'],
  cancel: ['POST', '/inventory/stock-tallies/:id/cancel'],
  itemHistory: ['GET', '/inventory/stock-tallies/items/:id'],
});
