import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en.ts';

/** The language key in local storage (doc 1 section 9); English by default and as fallback. */
export const LANGUAGE_KEY = 'lang';

function storedLanguage(): string {
  try {
    return localStorage.getItem(LANGUAGE_KEY) ?? 'en';
  } catch {
    return 'en';
  }
}

export const i18n = i18next;

void i18next.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: storedLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});
