import { BranchSectionNav } from '../../components/BranchSectionNav.tsx';
import type { TextKey } from '../../i18n/index.ts';
import '../../i18n/catalogs/index.ts';

/**
 * The branch settings' catalog pages and prescription settings lists (doc 1 sections 2.4,
 * 2.5), under /{branchCode}/setting.
 */
export const BRANCH_CATALOG_LINKS = [
  { path: 'setting/catalogs/medications', title: 'catalog.branch.pages.medications' },
  { path: 'setting/catalogs/services', title: 'catalog.branch.pages.services' },
  { path: 'setting/catalogs/vaccinations', title: 'catalog.branch.pages.vaccinations' },
  { path: 'setting/catalogs/vaccine-plans', title: 'catalog.branch.pages.vaccinePlans' },
  { path: 'setting/medication/combo-item', title: 'catalog.branch.pages.comboItems' },
  { path: 'setting/inventory/frequency', title: 'catalog.pages.frequency' },
  { path: 'setting/inventory/consume-method', title: 'catalog.pages.consumeMethod' },
  { path: 'setting/inventory/unit-measurement', title: 'catalog.pages.unitMeasurement' },
  { path: 'setting/inventory/indication', title: 'catalog.pages.indication' },
  { path: 'setting/inventory/precaution', title: 'catalog.pages.precaution' },
] as const satisfies ReadonlyArray<{ path: string; title: TextKey }>;

export function BranchCatalogNav() {
  return <BranchSectionNav label="catalog.branch.navLabel" links={BRANCH_CATALOG_LINKS} />;
}
