import { i18n } from '../index.ts';
import { purchasingTexts } from './texts.ts';

/**
 * The purchasing pages' English texts: they load with those pages (each component of
 * `features/inventory-purchasing/` imports this module), typed like the rest.
 */
export { purchasingTexts };

i18n.addResourceBundle('en', 'translation', purchasingTexts, true, false);
