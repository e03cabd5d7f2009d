import { BranchSectionNav } from '../../components/BranchSectionNav.tsx';
import type { TextKey } from '../../i18n/index.ts';
import '../../i18n/billing-settings/index.ts';

/** The branch settings' sales pages (doc 1 section 2.5), under /{branchCode}/setting. */
export const SALES_SETTINGS_LINKS = [
  { path: 'setting/sales/tax', title: 'billingSettings.pages.tax' },
  { path: 'setting/sales/payment-method', title: 'billingSettings.pages.paymentMethods' },
  { path: 'setting/sales/subsidies', title: 'billingSettings.pages.subsidies' },
] as const satisfies ReadonlyArray<{ path: string; title: TextKey }>;

export function SalesSettingsNav() {
  return <BranchSectionNav label="billingSettings.navLabel" links={SALES_SETTINGS_LINKS} />;
}
