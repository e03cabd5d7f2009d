import { i18n } from '../index.ts';
import { billingSearchTexts } from './texts.ts';

/** The billing search pages' English texts: they load with those pages. */
export { billingSearchTexts };

i18n.addResourceBundle('en', 'translation', billingSearchTexts, true, false);
