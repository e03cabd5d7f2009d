import { i18n } from '../index.ts';
import { subsidyTexts } from './texts.ts';

/** The subsidy screens' English texts: they load with those screens, typed like the rest. */
export { subsidyTexts };

i18n.addResourceBundle('en', 'translation', subsidyTexts, true, false);
