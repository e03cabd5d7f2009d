import { i18n } from '../index.ts';
import { referralTexts } from './texts.ts';

/**
 * The referral tab's and editor's English texts: they load with those screens (each
 * component of `features/referrals/` imports this module), typed like the rest.
 */
export { referralTexts };

i18n.addResourceBundle('en', 'translation', referralTexts, true, false);
