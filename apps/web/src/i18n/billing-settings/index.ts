import { i18n } from '../index.ts';
import { billingSettingsTexts } from './texts.ts';

/** The sales settings pages' texts: they load with them (their components import this module). */
export { billingSettingsTexts };

i18n.addResourceBundle('en', 'translation', billingSettingsTexts, true, false);
