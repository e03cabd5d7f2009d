import { i18n } from '../index.ts';
import { dashboardTexts } from './texts.ts';

/**
 * The dashboard's English texts. They load with the dashboard page: each component of
 * `features/dashboard/` imports this module.
 */
export { dashboardTexts };

export type DashboardTexts = typeof dashboardTexts;

i18n.addResourceBundle('en', 'translation', dashboardTexts, true, false);
