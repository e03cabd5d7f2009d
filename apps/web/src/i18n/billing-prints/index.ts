import { i18n } from '../index.ts';
import { billingPrintsTexts } from './texts.ts';

/** The billing prints' texts: they load with the invoice screen's Print menu. */
export { billingPrintsTexts };

i18n.addResourceBundle('en', 'translation', billingPrintsTexts, true, false);
