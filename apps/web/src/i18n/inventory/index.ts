import { i18n } from '../index.ts';
import { inventoryTexts } from './texts.ts';

/**
 * The inventory pages' English texts. They load with those pages (like the catalog
 * pages' texts): each component of `features/inventory/` imports this module.
 */
export { inventoryTexts };

export type InventoryTexts = typeof inventoryTexts;

i18n.addResourceBundle('en', 'translation', inventoryTexts, true, false);
