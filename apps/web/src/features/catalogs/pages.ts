/** The console's catalog pages, loaded as one chunk by the router. */
export { CatalogPage } from './CatalogPage.tsx';
export { SettingListPage } from './SettingListPage.tsx';
export { WhitelistPage } from './WhitelistPage.tsx';
export { VaccinePlanPage } from './VaccinePlanPage.tsx';
export { BranchCatalogPage } from './BranchCatalogPage.tsx';
