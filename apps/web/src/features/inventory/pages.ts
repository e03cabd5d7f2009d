/** The inventory pages (doc 3 section 2.4), loaded together in one chunk. */
export { ItemsPage, ItemDetailPage, AdjustItemPage } from './ItemPages.tsx';
export {
  AdjustmentsPage,
  BatchDetailPage,
  BatchesPage,
  ItemLogsPage,
  ReceiveBatchPage,
  TransactionsPage,
} from './LedgerPages.tsx';
export { BatchDispensingPage } from './BatchDispensingPage.tsx';
export { SupplierDetailPage, SuppliersPage } from './SupplierPages.tsx';
