import { i18n } from '../index.ts';
import { creditTexts } from './texts.ts';

/**
 * The deposit and credit-note screens' English texts: they load with those screens (each
 * component of `features/credit-notes/` imports this module), typed like the rest.
 */
export { creditTexts };

i18n.addResourceBundle('en', 'translation', creditTexts, true, false);
