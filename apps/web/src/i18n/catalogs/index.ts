import { i18n } from '../index.ts';
import { catalogTexts } from './texts.ts';

/**
 * The catalog pages' English texts (console catalogs, prescription settings lists,
 * whitelist drugs). They load with those pages, not with every page: each component of
 * `features/catalogs/` imports this module, which adds them to the `translation` resource
 * when its chunk loads. Their keys are typed like the rest (`CatalogTexts` joins the
 * resource type in `i18n/index.ts`).
 */
export { catalogTexts };

export type CatalogTexts = typeof catalogTexts;

i18n.addResourceBundle('en', 'translation', catalogTexts, true, false);
