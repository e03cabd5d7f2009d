import { i18n } from '../index.ts';
import { companyTexts } from './texts.ts';

/** The companies page's texts: they load with it (its components import this module). */
export { companyTexts };

i18n.addResourceBundle('en', 'translation', companyTexts, true, false);
