import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '../accounts/password.ts';
import { MC_MESSAGES } from '../medical-certificates/mc-rules.ts';
import { REFERRAL_MESSAGES } from '../referrals/referral-rules.ts';
import { ALLERGY_MESSAGES } from '../allergies/allergy-rules.ts';
import { DIAGNOSIS_MESSAGES } from '../diagnoses/diagnosis-rules.ts';
import { DOCUMENT_MESSAGES, DOCUMENT_REFUSAL_FORMATS } from '../documents/document-rules.ts';
import { PATIENT_MESSAGES } from '../patients/patient-rules.ts';
import { QUEUE_DISPLAY_MESSAGES, QUEUE_MESSAGES } from '../queue/queue-rules.ts';
import { VITALS_MESSAGES } from '../vitals/vitals-rules.ts';
import { CATALOG_MESSAGES } from '../catalogs/catalog-rules.ts';
import { VISIT_MESSAGES } from '../visits/consult-time.ts';
import { PRESCRIPTION_MESSAGES } from '../prescriptions/prescription-line.ts';
import { PRESCRIBING_MESSAGES, PRESCRIBING_REFUSAL_FORMATS } from '../prescriptions/prescribing.ts';
import { INVENTORY_MESSAGES, INVENTORY_REFUSAL_FORMATS } from '../inventory/fefo.ts';
import { STOCK_MESSAGES, STOCK_REFUSAL_FORMATS } from '../inventory/inventory-rules.ts';
import { DISPENSING_MESSAGES, DISPENSING_REFUSAL_FORMATS } from '../dispensing/dispensing-rules.ts';
import { PURCHASE_MESSAGES, PURCHASE_REFUSAL_FORMATS } from '../inventory/purchasing-rules.ts';
import {
  REQUISITION_MESSAGES,
  REQUISITION_REFUSAL_FORMATS,
  TALLY_MESSAGES,
  TALLY_REFUSAL_FORMATS,
} from '../inventory/stock-counts-rules.ts';
import {
  INVOICE_MESSAGES,
  PAYMENT_MESSAGES,
  PAYMENT_REFUSAL_FORMATS,
} from '../billing/billing-rules.ts';
import { SUBSIDY_MESSAGES } from '../billing/subsidies.ts';
import { PRINT_MESSAGES } from '../billing/billing-prints.ts';
import { SEARCH_REFUSAL_FORMATS } from '../billing-search/billing-search-rules.ts';
import { BILLING_SETTINGS_MESSAGES } from '../billing/billing-settings-rules.ts';
import { SERVICE_LINE_MESSAGES } from '../billing/service-lines.ts';
import { COMPANY_MESSAGES } from '../companies/company-rules.ts';
import {
  CREDIT_NOTE_MESSAGES,
  CREDIT_REFUSAL_FORMATS,
  DEPOSIT_MESSAGES,
} from '../billing/credit-notes-rules.ts';
import { FIELD_REFUSALS } from './field-refusals.ts';
import { messageCatalogue } from './messages.ts';
import { API_REFUSALS, REFUSALS, refusalCodeOf, refusalMessage } from './refusals.ts';

describe('the refusal catalogue', () => {
  it('keeps every group whole: no code of one group is reused by another', () => {
    const groups = [
      messageCatalogue,
      FIELD_REFUSALS,
      PATIENT_MESSAGES,
      QUEUE_MESSAGES,
      QUEUE_DISPLAY_MESSAGES,
      PASSWORD_MESSAGES,
      VITALS_MESSAGES,
      VISIT_MESSAGES,
      MC_MESSAGES,
      REFERRAL_MESSAGES,
      DIAGNOSIS_MESSAGES,
      ALLERGY_MESSAGES,
      DOCUMENT_MESSAGES,
      DOCUMENT_REFUSAL_FORMATS,
      PRESCRIPTION_MESSAGES,
      PRESCRIBING_MESSAGES,
      PRESCRIBING_REFUSAL_FORMATS,
      INVENTORY_MESSAGES,
      INVENTORY_REFUSAL_FORMATS,
      STOCK_MESSAGES,
      STOCK_REFUSAL_FORMATS,
      DISPENSING_MESSAGES,
      DISPENSING_REFUSAL_FORMATS,
      TALLY_MESSAGES,
      TALLY_REFUSAL_FORMATS,
      REQUISITION_MESSAGES,
      REQUISITION_REFUSAL_FORMATS,
      PURCHASE_MESSAGES,
      PURCHASE_REFUSAL_FORMATS,
      CATALOG_MESSAGES,
      INVOICE_MESSAGES,
      PAYMENT_MESSAGES,
      PAYMENT_REFUSAL_FORMATS,
      SUBSIDY_MESSAGES,
      PRINT_MESSAGES,
      SEARCH_REFUSAL_FORMATS,
      SERVICE_LINE_MESSAGES,
      COMPANY_MESSAGES,
      BILLING_SETTINGS_MESSAGES,
      CREDIT_NOTE_MESSAGES,
      DEPOSIT_MESSAGES,
      CREDIT_REFUSAL_FORMATS,
      API_REFUSALS,
    ];
    const parts = groups.reduce((count, group) => count + Object.keys(group).length, 0);
    expect(Object.keys(REFUSALS)).toHaveLength(parts);
    expect(REFUSALS['patient.nricTaken']).toBe(PATIENT_MESSAGES.nricTaken);
    expect(REFUSALS['tenant.message.emailTaken']).toBe(
      messageCatalogue['tenant.message.emailTaken'],
    );
  });

  it('writes messages with their values, and finds the code of a fixed text', () => {
    expect(refusalMessage('tenant.codeWrong', 1)).toBe(
      'The activation code is not correct. 1 attempt left.',
    );
    expect(refusalMessage('queue.entryNotFound')).toBe('This queue entry does not exist.');
    expect(refusalCodeOf(PATIENT_MESSAGES.nricInvalid)).toBe('patient.nricInvalid');
    expect(refusalCodeOf('no such text')).toBeUndefined();
  });
});
