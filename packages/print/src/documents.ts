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
import { PurchaseOrderDocument, type PurchaseOrderProps } from './documents/purchase-order.ts';

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
  | ({ kind: 'batchDispensing' } & BatchDispensingProps);

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
  }
}
