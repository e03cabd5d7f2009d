import type { RefusalCode } from '@clinic/domain';
import i18next, { type ParseKeys } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en.ts';
import type { catalogTexts } from './catalogs/texts.ts';
import type { dashboardTexts } from './dashboard/texts.ts';
import type { inventoryCountsTexts } from './inventory-counts/texts.ts';
import type { inventoryTexts } from './inventory/texts.ts';
import type { billingTexts } from './billing/texts.ts';
import type { billingPrintsTexts } from './billing-prints/texts.ts';
import type { billingSearchTexts } from './billing-search/texts.ts';
import type { subsidyTexts } from './subsidies/texts.ts';
import type { companyTexts } from './companies/texts.ts';
import type { billingSettingsTexts } from './billing-settings/texts.ts';
import type { creditTexts } from './credit-notes/texts.ts';
import type { purchasingTexts } from './purchasing/texts.ts';
import type { referralTexts } from './referrals/texts.ts';
import type { PatientAreaTexts } from './patient-area/index.ts';
import type { PrescriptionTexts } from './prescriptions/index.ts';

/** The language key in local storage (doc 1 section 9); English by default and as fallback. */
export const LANGUAGE_KEY = 'lang';

function storedLanguage(): string {
  try {
    return localStorage.getItem(LANGUAGE_KEY) ?? 'en';
  } catch {
    return 'en';
  }
}

// Typed keys: `t('queue.add.title')` is checked against the English resource, so a misspelt
// or removed key fails the type check. The `refusal` namespace holds one text per refusal
// code (loaded after first paint, `api/refusal-text.ts`).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof en &
        PatientAreaTexts &
        typeof catalogTexts &
        PrescriptionTexts &
        typeof inventoryTexts &
        typeof inventoryCountsTexts &
        typeof purchasingTexts &
        typeof dashboardTexts &
        typeof billingTexts &
        typeof billingPrintsTexts &
        typeof billingSearchTexts &
        typeof subsidyTexts &
        typeof companyTexts &
        typeof billingSettingsTexts &
        typeof creditTexts &
        typeof referralTexts;
      refusal: Record<RefusalCode, string>;
    };
  }
}

/** A key of the English texts, e.g. 'nav.queue', for tables of keys. */
export type TextKey = ParseKeys;

export const i18n = i18next;

void i18next.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: storedLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});
