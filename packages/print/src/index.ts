/**
 * Printable documents, written once for the browser (print preview, printing) and the
 * server (PDF files): react-pdf components in plain `.ts` with `createElement`, so Node
 * runs them by type stripping and Vite bundles them. Depends on `@clinic/domain` only.
 */
export * from './page-sizes.ts';
export * from './fonts.ts';
export * from './format.ts';
export * from './header.ts';
export * from './documents/medical-certificate.ts';
export * from './documents/labels.ts';
export * from './documents/medication-label.ts';
export * from './documents/purchase-order.ts';
export * from './documents/batch-dispensing.ts';
export * from './footer-html.ts';
export * from './documents/billing-parts.ts';
export * from './documents/billing-documents.ts';
export * from './documents/referral-letter.ts';
export * from './documents.ts';
