/** The sales settings pages (tax options, payment methods): one lazy chunk for the router. */
export { PaymentMethodsPage } from './PaymentMethodsPage.tsx';
export { TaxOptionsPage } from './TaxOptionsPage.tsx';
