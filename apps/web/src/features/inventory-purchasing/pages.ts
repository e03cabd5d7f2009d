/** The purchasing pages (purchase orders, receiving, goods received), loaded as one chunk. */
export { PurchasesPage } from './PurchasesPage.tsx';
export { PurchasePage } from './PurchasePage.tsx';
export { ReceivedListPage } from './ReceivedListPage.tsx';
export { ReceivedPage } from './ReceivedPage.tsx';
