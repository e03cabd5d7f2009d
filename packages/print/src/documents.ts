import type { ReactElement } from 'react';
import { createElement as h } from 'react';
import {
  BatchDispensingDocument,
  type BatchDispensingProps,
} from './documents/batch-dispensing.ts';
import {
  MedicalCertificateDocument,
  type MedicalCertificateProps,
} from './documents/medical-certificate.ts';
import {
  PatientLabelDocument,
  QueueLabelDocument,
  type PatientLabelProps,
  type QueueLabelProps,
} from './documents/labels.ts';
import {
  MedicationLabelDocument,
  type MedicationLabelProps,
} from './documents/medication-label.ts';
import { ReferralLetterDocument, type ReferralLetterProps } from './documents/referral-letter.ts';
import { PurchaseOrderDocument, type PurchaseOrderProps } from './documents/purchase-order.ts';
import {
  CreditNoteDocument,
  InvoiceA4Document,
  InvoiceStubDocument,
  PaymentReceiptDocument,
  QuotationDocument,
  ReceiptA4Document,
  StatementDocument,
  TaxInvoiceDocument,
  type CreditNoteProps,
  type InvoiceA4Props,
  type InvoiceStubProps,
  type PaymentReceiptProps,
  type QuotationProps,
  type ReceiptA4Props,
  type StatementProps,
  type TaxInvoiceProps,
} from './documents/billing-documents.ts';

/**
 * Every printable document, as data: what the web's print preview and the server's
 * `renderPdf` take. Plain data (no elements), so a page that opens a preview imports only
 * this type and the PDF library loads with the preview. A new document adds a member here
 * and a case in `documentElement`.
 */
export type PrintDocument =
  | ({ kind: 'medicalCertificate' } & MedicalCertificateProps)
  | ({ kind: 'patientLabel' } & PatientLabelProps)
  | ({ kind: 'queueLabel' } & QueueLabelProps)
  | ({ kind: 'medicationLabel' } & MedicationLabelProps)
  | ({ kind: 'purchaseOrder' } & PurchaseOrderProps)
  | ({ kind: 'batchDispensing' } & BatchDispensingProps)
  | ({ kind: 'invoiceA4' } & InvoiceA4Props)
  | ({ kind: 'invoiceStub' } & InvoiceStubProps)
  | ({ kind: 'receiptA4' } & ReceiptA4Props)
  | ({ kind: 'taxInvoice' } & TaxInvoiceProps)
  | ({ kind: 'paymentReceipt' } & PaymentReceiptProps)
  | ({ kind: 'quotation' } & QuotationProps)
  | ({ kind: 'statement' } & StatementProps)
  | ({ kind: 'creditNote' } & CreditNoteProps)
  | ({ kind: 'referralLetter' } & ReferralLetterProps);

/** The react-pdf `<Document>` of a document. */
export function documentElement(document: PrintDocument): ReactElement {
  switch (document.kind) {
    case 'medicalCertificate':
      return h(MedicalCertificateDocument, document);
    case 'patientLabel':
      return h(PatientLabelDocument, document);
    case 'queueLabel':
      return h(QueueLabelDocument, document);
    case 'medicationLabel':
      return h(MedicationLabelDocument, document);
    case 'purchaseOrder':
      return h(PurchaseOrderDocument, document);
    case 'batchDispensing':
      return h(BatchDispensingDocument, document);
    case 'invoiceA4':
      return h(InvoiceA4Document, document);
    case 'invoiceStub':
      return h(InvoiceStubDocument, document);
    case 'receiptA4':
      return h(ReceiptA4Document, document);
    case 'taxInvoice':
      return h(TaxInvoiceDocument, document);
    case 'paymentReceipt':
      return h(PaymentReceiptDocument, document);
    case 'quotation':
      return h(QuotationDocument, document);
    case 'statement':
      return h(StatementDocument, document);
    case 'creditNote':
      return h(CreditNoteDocument, document);
    case 'referralLetter':
      return h(ReferralLetterDocument, document);
  }
}
