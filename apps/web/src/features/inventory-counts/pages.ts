/** The stock tally and requisition pages, loaded as one chunk by the router. */
export { RequisitionPage } from './RequisitionPage.tsx';
export { StockTallyPage } from './StockTallyPage.tsx';
export { TallyHistoryPage } from './TallyHistoryPage.tsx';
