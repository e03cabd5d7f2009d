import { i18n } from '../index.ts';
import { billingTexts } from './texts.ts';

/**
 * The billing screens' English texts: they load with those screens (each component of
 * `features/billing/` imports this module), typed like the rest.
 */
export { billingTexts };

i18n.addResourceBundle('en', 'translation', billingTexts, true, false);
