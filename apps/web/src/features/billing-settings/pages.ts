/** The sales settings pages (tax options, payment methods; the console's tax): one lazy chunk for the router. */
export { PaymentMethodsPage } from './PaymentMethodsPage.tsx';
export { TaxOptionsPage } from './TaxOptionsPage.tsx';
export { ConsoleTaxPage } from './ConsoleTaxPage.tsx';
