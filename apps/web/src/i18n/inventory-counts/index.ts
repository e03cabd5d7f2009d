import { i18n } from '../index.ts';
import { inventoryCountsTexts } from './texts.ts';

/**
 * The stock tally and requisition pages' English texts, loaded with those pages (as the
 * catalog pages' are): each component of `features/inventory-counts/` imports this module.
 */
export { inventoryCountsTexts };

i18n.addResourceBundle('en', 'translation', inventoryCountsTexts, true, false);
