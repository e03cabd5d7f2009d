/**
 * Generated from the migrations by `npm run db:types` (kysely-codegen): do not edit.
 * A test fails when this file differs from what the migrations give.
 */

import type { Gender, Title } from '@clinic/domain';
import type { ColumnType } from 'kysely';

export type Generated<T> =
  T extends ColumnType<infer S, infer I, infer U>
    ? ColumnType<S, I | undefined, U>
    : ColumnType<T, T | undefined, T>;

export type Int8 = ColumnType<string, bigint | number | string, bigint | number | string>;

export type Json = JsonValue;

export type JsonArray = JsonValue[];

export type JsonObject = {
  [x: string]: JsonValue | undefined;
};

export type JsonPrimitive = boolean | number | string | null;

export type JsonValue = JsonArray | JsonObject | JsonPrimitive;

export type Numeric = ColumnType<string, number | string, number | string>;

export type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface Allergies {
  allergenCode: string;
  allergenId: string;
  allergenName: string;
  allergyType: string;
  branchId: string;
  createdAt: Generated<Timestamp>;
  createdBy: string;
  id: Generated<string>;
  onsetDate: string;
  patientId: string;
  reaction: string;
  remark: string;
  tenantId: string;
  updatedAt: Generated<Timestamp>;
  version: Generated<number>;
  visitId: string | null;
  voidedAt: Timestamp | null;
  voidedBy: string | null;
}

export interface AuditEvents {
  action: string;
  branchId: string | null;
  detail: Json | null;
  entity: string;
  entityId: string | null;
  happenedAt: Generated<Timestamp>;
  id: Generated<string>;
  patientId: string | null;
  tenantId: string;
  userId: string | null;
}

export interface BillingCounters {
  branchId: string;
  kind: string;
  lastValue: number;
  tenantId: string;
}

export interface Branches {
  address: string | null;
  code: string;
  companyRegistrationNo: string | null;
  country: Generated<string>;
  createdAt: Generated<Timestamp>;
  currency: Generated<string>;
  fax: string | null;
  hciCode: string | null;
  id: Generated<string>;
  isDefault: Generated<boolean>;
  licenceNumber: string | null;
  logo: Buffer | null;
  logoContentType: string | null;
  name: string;
  phone: string | null;
  postal: string | null;
  printerEnabled: Generated<boolean>;
  taxRegistrationNo: string | null;
  tenantId: string;
  updatedAt: Generated<Timestamp>;
  version: Generated<number>;
}

export interface CardNumberCounters {
  lastValue: number;
  prefix: string;
  tenantId: string;
}

export interface CatalogBranchItems {
  branchId: string;
  isActive: Generated<boolean>;
  itemId: string;
  sellingPriceCents: number | null;
  tenantId: string;
  updatedAt: Generated<Timestamp>;
  updatedBy: string | null;
  version: Generated<number>;
}

export interface CatalogComboComponents {
  comboId: string;
  itemId: string;
  quantity: number;
  sortOrder: Generated<number>;
  tenantId: string;
}

export interface CatalogItems {
  category: string | null;
  code: string;
  codeKey: Generated<string | null>;
  costCents: number | null;
  createdAt: Generated<Timestamp>;
  createdBy: string | null;
  defaultConsumeMethod: string | null;
  defaultDose: Numeric | null;
  defaultDoseUnit: string | null;
  defaultDurationDays: number | null;
  defaultFrequency: string | null;
  defaultInstructions: string | null;
  deletedAt: Timestamp | null;
  deletedBy: string | null;
  dispensingUnit: string | null;
  id: Generated<string>;
  isActive: Generated<boolean>;
  name: string;
  procurement: string | null;
  sellingPriceCents: number;
  strength: Numeric | null;
  strengthUnit: string | null;
  taxBasisPoints: Generated<number>;
  tenantId: string;
  type: string;
  updatedAt: Generated<Timestamp>;
  updatedBy: string | null;
  version: Generated<number>;
  whitelistDrugId: string | null;
}

export interface CatalogNameGrams {
  code: string;
  gram: string;
  itemId: string;
  nameKey: string;
  tenantId: string;
}

export interface CatalogUpcCodes {
  code: string;
  itemId: string;
  tenantId: string;
}

export interface Companies {
  address: string | null;
  code: string;
  contactPerson: string | null;
  createdAt: Generated<Timestamp>;
  creditTermsDays: Generated<number>;
  email: string | null;
  id: Generated<string>;
  isActive: Generated<boolean>;
  name: string;
  phone: string | null;
  tenantId: string;
  updatedAt: Generated<Timestamp>;
  version: Generated<number>;
}

export interface ConsultNotes {
  createdAt: Generated<Timestamp>;
  createdBy: string;
  examination: string | null;
  freeText: string | null;
  history: string | null;
  id: Generated<string>;
  patientId: string;
  plan: string | null;
  tenantId: string;
  updatedAt: Generated<Timestamp>;
  updatedBy: string;
  version: Generated<number>;
  visitId: string;
}

export interface CreditCounters {
  branchId: string;
  kind: string;
  lastValue: number;
  tenantId: string;
}

export interface CreditNoteLines {
  creditNoteId: string;
  id: Generated<string>;
  invoiceLineId: string;
  quantity: number;
  tenantId: string;
}

export interface CreditNotes {
  amountCents: Int8;
  branchId: string;
  createdAt: Generated<Timestamp>;
  createdBy: string | null;
  creditNoteDate: string;
  creditNoteNo: string;
  depositId: string | null;
  id: Generated<string>;
  invoiceId: string | null;
  patientId: string;
  reason: string;
  refundMethodCode: string | null;
  status: Generated<number>;
  tenantId: string;
  type: number;
  updatedAt: Generated<Timestamp>;
  version: Generated<number>;
  voidedAt: Timestamp | null;
  voidedBy: string | null;
  voidReason: string | null;
}

export interface DepositApplications {
  amountCents: Int8;
  appliedDate: string;
  branchId: string;
  createdAt: Generated<Timestamp>;
  createdBy: string | null;
  depositId: string;
  id: Generated<string>;
  invoiceId: string;
  status: Generated<number>;
  tenantId: string;
  updatedAt: Generated<Timestamp>;
  version: Generated<number>;
  voidedAt: Timestamp | null;
  voidedBy: string | null;
  voidReason: string | null;
}

export interface Deposits {
  amountCents: Int8;
  branchId: string;
  createdAt: Generated<Timestamp>;
  createdBy: string | null;
  depositDate: string;
  depositNo: string;
  id: Generated<string>;
  methodCode: string;
  patientId: string;
  remarks: string | null;
  status: Generated<number>;
  tenantId: string;
  updatedAt: Generated<Timestamp>;
  version: Generated<number>;
  voidedAt: Timestamp | null;
  voidedBy: string | null;
  voidReason: string | null;
}

export interface DeviceAuthorizations {
  authorizedAt: Timestamp | null;
  createdAt: Generated<Timestamp>;
  id: Generated<string>;
  tenantId: string;
  userId: string;
  visitorId: string;
}

export interface Diagnoses {
  code: string;
  createdAt: Generated<Timestamp>;
  createdBy: string | null;
  description: string;
  id: Generated<string>;
  patientId: string;
  remark: string | null;
  tenantId: string;
  updatedAt: Generated<Timestamp>;
  version: Generated<number>;
  visitId: string;
  voidedAt: Timestamp | null;
  voidedBy: string | null;
}

export interface DispensedPrescriptionBatches {
  batchId: string;
  prescriptionId: string;
  quantity: number;
  tenantId: string;
}

export interface DispensedPrescriptions {
  createdAt: Generated<Timestamp>;
  createdBy: string | null;
  dispenseRecordId: string;
  itemId: string;
  prescriptionId: string;
  quantity: number;
  tenantId: string;
  visitId: string;
}

export interface DispenseRecords {
  branchId: string;
  createdAt: Generated<Timestamp>;
  createdBy: string | null;
  id: Generated<string>;
  tenantId: string;
  visitId: string;
}

export interface DisplayLinks {
  branchId: string;
  createdAt: Generated<Timestamp>;
  createdBy: string;
  expiresAt: Timestamp | null;
  id: Generated<string>;
  name: string;
  revokedAt: Timestamp | null;
  tenantId: string;
  tokenHash: Buffer;
}

export interface DoctorRooms {
  areaId: string | null;
  branchId: string;
  doctorId: string;
  roomName: string;
  tenantId: string;
  updatedAt: Generated<Timestamp>;
  version: Generated<number>;
}

export interface DocumentCategories {
  id: Generated<string>;
  name: string;
  sortOrder: Generated<number>;
  tenantId: string;
}

export interface Documents {
  branchId: string;
  category: string;
  contentType: string;
  createdAt: Generated<Timestamp>;
  createdBy: string;
  deletedAt: Timestamp | null;
  deletedBy: string | null;
  id: Generated<string>;
  name: string;
  patientId: string;
  remark: string | null;
  sizeBytes: number;
  storageKey: string;
  tenantId: string;
  updatedAt: Generated<Timestamp>;
  updatedBy: string | null;
  version: Generated<number>;
  visitId: string | null;
}

export interface GoodsReceived {
  branchId: string;
  createdAt: Generated<Timestamp>;
  createdBy: string | null;
  id: Generated<string>;
  purchaseId: string;
  receivedDate: string;
  receivedNo: string;
  remark: string | null;
  supplierGrnNo: string | null;
  supplierInvoiceNo: string | null;
  tenantId: string;
}

export interface GoodsReceivedLines {
  batchId: string;
  id: Generated<string>;
  lineNo: number;
  movementId: string;
  purchaseLineId: string;
  quantity: number;
  receivedId: string;
  tenantId: string;
  unitCostCents: number;
}

export interface InventoryBranchItems {
  branchId: string;
  itemId: string;
  reorderLevel: number;
  tenantId: string;
  updatedAt: Generated<Timestamp>;
  version: Generated<number>;
}

export interface InvoiceLines {
  catalogItemId: string | null;
  category: string;
  claimable: Generated<boolean>;
  code: string;
  discountKind: string | null;
  discountValue: Int8 | null;
  id: Generated<string>;
  invoiceId: string;
  isWhitelistDrug: Generated<boolean>;
  kind: string;
  lineNo: number;
  name: string;
  prescriptionId: string | null;
  quantity: number;
  subsidyCents: Generated<Int8>;
  taxRateBasisPoints: number;
  tenantId: string;
  unit: string | null;
  unitPriceCents: Int8;
}

export interface Invoices {
  billToAddress: string | null;
  billToCompanyId: string | null;
  billToName: string | null;
  branchId: string;
  createdAt: Generated<Timestamp>;
  createdBy: string | null;
  discountCents: Int8 | null;
  discountKind: string | null;
  discountValue: Int8 | null;
  dueDate: string | null;
  finalisedAt: Timestamp | null;
  finalisedBy: string | null;
  grandTotalCents: Int8 | null;
  id: Generated<string>;
  insuranceCents: Int8 | null;
  invoiceDate: string;
  invoiceNo: string | null;
  patientId: string;
  remarks: string | null;
  roundingCents: Int8 | null;
  roundingMode: Generated<string>;
  status: Generated<number>;
  subsidyCents: Int8 | null;
  subsidyDollarCents: Int8 | null;
  subsidyGstAbsorbedCents: Int8 | null;
  subsidyPercentageCents: Int8 | null;
  subsidySchemeCode: string | null;
  subsidySchemeName: string | null;
  subsidyTierCode: string | null;
  subsidyTierName: string | null;
  subsidyVisitKind: string | null;
  subtotalCents: Int8 | null;
  taxCents: Int8 | null;
  taxOptionCode: string;
  taxRateBasisPoints: number | null;
  tenantId: string;
  updatedAt: Generated<Timestamp>;
  updatedBy: string | null;
  version: Generated<number>;
  visitId: string;
  voidedAt: Timestamp | null;
  voidedBy: string | null;
  voidReason: string | null;
}

export interface KnownDevices {
  deviceHash: Buffer;
  firstSignedInAt: Generated<Timestamp>;
  lastSignedInAt: Generated<Timestamp>;
  tenantId: string;
  userId: string;
}

export interface MailOutbox {
  attachment: Buffer | null;
  attachmentName: string | null;
  attachmentType: string | null;
  attempts: Generated<number>;
  body: string;
  createdAt: Generated<Timestamp>;
  id: Generated<string>;
  lastError: string | null;
  purpose: string | null;
  reference: string | null;
  sentAt: Timestamp | null;
  status: Generated<'pending' | 'sent' | 'logged' | 'failed'>;
  subject: string;
  tenantId: string;
  toAddress: string;
}

export interface McCounters {
  branchId: string;
  lastValue: number;
  tenantId: string;
  year: number;
}

export interface MedicalCertificates {
  branchId: string;
  createdAt: Generated<Timestamp>;
  createdBy: string;
  deletedAt: Timestamp | null;
  deletedBy: string | null;
  doctorId: string;
  excuseChit: Generated<boolean>;
  fitChoice: number | null;
  fromDate: string;
  fromTime: string | null;
  givenDays: number;
  id: Generated<string>;
  issuedDate: string;
  mcNo: string;
  mcPurpose: string | null;
  patientId: string;
  remark: string | null;
  tenantId: string;
  timeRequired: Generated<boolean>;
  toDate: string;
  toTime: string | null;
  updatedAt: Generated<Timestamp>;
  updatedBy: string | null;
  version: Generated<number>;
  visitId: string;
}

export interface PatientNameWords {
  name: string;
  patientId: string;
  tenantId: string;
  word: string;
  words: string;
}

export interface Patients {
  alertMessage: string | null;
  birthDate: string;
  birthTime: string | null;
  cardNo: string | null;
  cardNoPrefix: string | null;
  companyId: string | null;
  consultDoctorId: string | null;
  contactNo: string;
  createdAt: Generated<Timestamp>;
  email: string | null;
  father: string | null;
  gender: Gender;
  homeAddress: string | null;
  homePostal: string | null;
  id: Generated<string>;
  idType: string;
  mother: string | null;
  name: string;
  nationality: string;
  nric: string | null;
  telCode: string;
  tenantId: string;
  title: Title | null;
  updatedAt: Generated<Timestamp>;
  version: Generated<number>;
}

export interface PatientSchemes {
  createdAt: Generated<Timestamp>;
  id: Generated<string>;
  patientId: string;
  tenantId: string;
  tierId: string;
  updatedAt: Generated<Timestamp>;
  updatedBy: string | null;
  validFrom: string;
  validTo: string | null;
  version: Generated<number>;
}

export interface PaymentMethods {
  code: string;
  createdAt: Generated<Timestamp>;
  givesChange: Generated<boolean>;
  id: Generated<string>;
  isActive: Generated<boolean>;
  name: string;
  sortOrder: Generated<number>;
  tenantId: string;
  updatedAt: Generated<Timestamp>;
  version: Generated<number>;
}

export interface Payments {
  amountCents: Int8;
  branchId: string;
  changeCents: Generated<Int8>;
  createdAt: Generated<Timestamp>;
  createdBy: string | null;
  id: Generated<string>;
  invoiceId: string;
  paymentDate: string;
  paymentNo: string;
  remarks: string | null;
  status: Generated<number>;
  tenantId: string;
  updatedAt: Generated<Timestamp>;
  version: Generated<number>;
  voidedAt: Timestamp | null;
  voidedBy: string | null;
  voidReason: string | null;
}

export interface PaymentTenders {
  amountCents: Int8;
  id: Generated<string>;
  lineNo: number;
  methodCode: string;
  paymentId: string;
  tenantId: string;
}

export interface PhysicalReadings {
  bmi: number | null;
  bsa: number | null;
  createdAt: Generated<Timestamp>;
  createdBy: string;
  diastolic: number | null;
  glucose: number | null;
  height: number | null;
  id: Generated<string>;
  patientId: string;
  pulse: number | null;
  readingTime: Timestamp;
  systolic: number | null;
  temperature: number | null;
  tenantId: string;
  updatedAt: Generated<Timestamp>;
  updatedBy: string;
  version: Generated<number>;
  visitId: string;
  weight: number | null;
}

export interface Prescriptions {
  branchId: string | null;
  catalogItemId: string | null;
  comboItemId: string | null;
  consumeMethod: string | null;
  consumeQuantity: number | null;
  consumeUm: string | null;
  createdAt: Generated<Timestamp>;
  createdBy: string | null;
  cycle: string | null;
  dispenseQuantity: number | null;
  dispenseUm: string | null;
  doseNum: number | null;
  duration: number | null;
  durationDays: number | null;
  endDate: string | null;
  frequency: string | null;
  id: Generated<string>;
  indication: string | null;
  itemCode: string;
  itemName: string;
  overrideReason: string | null;
  patientId: string;
  precaution: string | null;
  prescriptMode: number | null;
  startDate: string | null;
  strengthUm: string | null;
  taxAmountCents: Int8 | null;
  taxBasisPoints: number | null;
  tenantId: string;
  totalPriceCents: Int8 | null;
  unitPriceCents: number | null;
  updatedAt: Generated<Timestamp>;
  updatedBy: string | null;
  version: Generated<number>;
  visitId: string;
  warnings: Generated<Json>;
}

export interface PrescriptionSettings {
  code: string;
  createdAt: Generated<Timestamp>;
  cycleDays: number | null;
  description: string;
  dosesPerCycle: number | null;
  id: Generated<string>;
  isActive: Generated<boolean>;
  isSystem: Generated<boolean>;
  list: string;
  sortOrder: Generated<number>;
  tenantId: string;
  updatedAt: Generated<Timestamp>;
  version: Generated<number>;
}

export interface PrinterFooters {
  branchId: string;
  content: string;
  createdAt: Generated<Timestamp>;
  id: Generated<string>;
  kind: string;
  tenantId: string;
  updatedAt: Generated<Timestamp>;
  updatedBy: string | null;
  version: Generated<number>;
}

export interface PurchaseCounters {
  branchId: string;
  kind: string;
  lastValue: number;
  tenantId: string;
}

export interface PurchaseOrderLines {
  id: Generated<string>;
  itemId: string;
  lineNo: number;
  purchaseId: string;
  quantity: number;
  taxRateBasisPoints: number;
  tenantId: string;
  unitCostCents: number;
}

export interface PurchaseOrders {
  branchId: string;
  confirmedAt: Timestamp | null;
  confirmedBy: string | null;
  createdAt: Generated<Timestamp>;
  createdBy: string | null;
  id: Generated<string>;
  orderDate: string;
  purchaseNo: string;
  remark: string | null;
  status: Generated<number>;
  supplierId: string;
  supplierPo: string | null;
  tenantId: string;
  terms: string | null;
  updatedAt: Generated<Timestamp>;
  version: Generated<number>;
  voidedAt: Timestamp | null;
  voidedBy: string | null;
  voidReason: string | null;
}

export interface QueueCounters {
  branchId: string;
  lastNumber: number;
  queueDate: string;
  tenantId: string;
}

export interface QueueEntries {
  areaId: string | null;
  branchId: string;
  callInTime: Timestamp | null;
  color: string;
  consultIn: Timestamp | null;
  consultOut: Timestamp | null;
  createdAt: Generated<Timestamp>;
  doctorId: string;
  id: Generated<string>;
  isMco: Generated<boolean>;
  patientId: string;
  queueDate: string;
  queueNumber: number;
  queueSeq: number;
  queueStatus: Generated<number>;
  remark: string | null;
  roomName: string | null;
  roomService: string | null;
  status: string;
  tenantId: string;
  timeIn: Generated<Timestamp>;
  timeOut: Timestamp | null;
  updatedAt: Generated<Timestamp>;
  version: Generated<number>;
  visitId: string;
  visitPurposes: string[];
  visitTime: Timestamp;
  voidedAt: Timestamp | null;
  voidedReason: string | null;
}

export interface ReferenceOptions {
  branchId: string | null;
  code: string;
  color: string | null;
  createdAt: Generated<Timestamp>;
  id: Generated<string>;
  isActive: Generated<boolean>;
  isDefault: Generated<boolean>;
  list: string;
  name: string;
  sortOrder: Generated<number>;
  tenantId: string;
  updatedAt: Generated<Timestamp>;
  version: Generated<number>;
}

export interface ReferralInstitutions {
  code: string;
  createdAt: Generated<Timestamp>;
  description: string;
  id: Generated<string>;
  isActive: Generated<boolean>;
  referralTypes: Generated<number[]>;
  sortOrder: Generated<number>;
  tenantId: string;
  updatedAt: Generated<Timestamp>;
  version: Generated<number>;
}

export interface ReferralInstitutionSpecialties {
  institutionCode: string;
  specialtyCode: string;
  tenantId: string;
}

export interface ReferralsOut {
  billSizeCents: number | null;
  branchId: string;
  createdAt: Generated<Timestamp>;
  createdBy: string;
  diagnosis: Generated<Json>;
  diagnosisText: string | null;
  doctorId: string;
  doctorName: string | null;
  drugAllergies: string | null;
  fastTrackReason: string | null;
  hciCode: string | null;
  id: Generated<string>;
  isHsg: Generated<boolean>;
  isIncludingDiagnosis: Generated<boolean>;
  isIncludingMedication: Generated<boolean>;
  isIncludingProcedure: Generated<boolean>;
  isIncludingReview: Generated<boolean>;
  isNamedDoctor: Generated<boolean>;
  isRelatedToChas: Generated<boolean>;
  isRelatedToNone: Generated<boolean>;
  isRelatedToSfl: Generated<boolean>;
  isRelatedToVcdss: Generated<boolean>;
  issueDate: Timestamp;
  medicalHistory: string | null;
  medications: Generated<Json>;
  modifiedAt: Timestamp | null;
  modifiedReason: string | null;
  note: string | null;
  patientId: string;
  patientRequest: string | null;
  procedureContent: string | null;
  referralInstitution: string | null;
  referralInstitutionDescription: string | null;
  referralLetter: string | null;
  referralReason: string | null;
  referralStatus: Generated<number>;
  referralType: number | null;
  referTo: string | null;
  reviewContent: string | null;
  sendMailId: string | null;
  sendStatus: Generated<number>;
  sentAt: Timestamp | null;
  sentBy: string | null;
  sentTo: string | null;
  speciallyService: string | null;
  speciallyServiceDescription: string | null;
  tenantId: string;
  treatments: string | null;
  updatedAt: Generated<Timestamp>;
  updatedBy: string | null;
  version: Generated<number>;
  visitId: string;
  voidedAt: Timestamp | null;
  voidedBy: string | null;
  voidedReason: string | null;
}

export interface ReferralSpecialties {
  code: string;
  createdAt: Generated<Timestamp>;
  description: string;
  id: Generated<string>;
  isActive: Generated<boolean>;
  sortOrder: Generated<number>;
  tenantId: string;
  updatedAt: Generated<Timestamp>;
  version: Generated<number>;
}

export interface ReferralSubmissions {
  id: Generated<string>;
  outcomeStatus: number;
  payloadSha256: string;
  programme: string;
  receipt: string | null;
  referralId: string;
  submittedAt: Generated<Timestamp>;
  submittedBy: string;
  tenantId: string;
}

export interface RequisitionLines {
  itemId: string;
  lineNo: number;
  quantity: number;
  requisitionId: string;
  tenantId: string;
}

export interface Requisitions {
  closedAt: Timestamp | null;
  closedBy: string | null;
  createdAt: Generated<Timestamp>;
  createdBy: string | null;
  id: Generated<string>;
  number: number;
  refuseReason: string | null;
  remark: string | null;
  requestingBranchId: string;
  status: Generated<string>;
  supplyingBranchId: string;
  tenantId: string;
  updatedAt: Generated<Timestamp>;
  version: Generated<number>;
}

export interface Roles {
  createdAt: Generated<Timestamp>;
  id: Generated<string>;
  name: string;
  permissions: Generated<string[]>;
  system: Generated<boolean>;
  tenantId: string;
  updatedAt: Generated<Timestamp>;
  version: Generated<number>;
}

export interface Sessions {
  createdAt: Generated<Timestamp>;
  expiresAt: Timestamp;
  id: Generated<string>;
  ip: string | null;
  kind: string;
  lastActiveAt: Generated<Timestamp>;
  revokedAt: Timestamp | null;
  tenantId: string;
  tokenHash: Buffer;
  userAgent: string | null;
  userId: string;
}

export interface SnomedDescriptions {
  active: boolean;
  caseSignificanceId: string;
  conceptId: string;
  descriptionId: string;
  effectiveTime: string;
  languageCode: string;
  moduleId: string;
  term: string;
  typeId: string;
}

export interface SnomedWords {
  conceptId: string;
  descriptionId: string;
  head: Generated<string | null>;
  rank: number;
  term: string;
  word: string;
  words: string;
}

export interface StockBatches {
  batchNo: string;
  branchId: string;
  createdAt: Generated<Timestamp>;
  createdBy: string | null;
  expiryDate: string | null;
  id: Generated<string>;
  itemId: string;
  supplierId: string | null;
  tenantId: string;
  unitCostCents: number;
}

export interface StockMovements {
  batchId: string;
  branchId: string;
  createdAt: Generated<Timestamp>;
  createdBy: string | null;
  id: Generated<string>;
  itemId: string;
  kind: string;
  quantity: number;
  reason: string | null;
  referenceId: string | null;
  tenantId: string;
}

export interface StockTallies {
  branchId: string;
  closedAt: Timestamp | null;
  closedBy: string | null;
  createdAt: Generated<Timestamp>;
  createdBy: string | null;
  id: Generated<string>;
  number: number;
  reason: string | null;
  remark: string | null;
  status: Generated<string>;
  tenantId: string;
  updatedAt: Generated<Timestamp>;
  version: Generated<number>;
}

export interface StockTallyLines {
  batchId: string;
  counted: number | null;
  countedAt: Timestamp | null;
  expected: number;
  itemId: string;
  movementId: string | null;
  reason: string | null;
  tallyId: string;
  tenantId: string;
  unitCostCents: number;
}

export interface SubsidyTiers {
  absorbsDrugGst: Generated<boolean>;
  annualChronicComplexCents: Int8 | null;
  annualChronicSimpleCents: Int8 | null;
  annualCommonIllnessCents: Int8 | null;
  code: string;
  createdAt: Generated<Timestamp>;
  drugSubsidyBasisPoints: Generated<number>;
  id: Generated<string>;
  isActive: Generated<boolean>;
  name: string;
  perVisitChronicComplexCents: Int8 | null;
  perVisitChronicSimpleCents: Int8 | null;
  perVisitCommonIllnessCents: Int8 | null;
  schemeCode: string;
  sortOrder: Generated<number>;
  tenantId: string;
  updatedAt: Generated<Timestamp>;
  version: Generated<number>;
}

export interface Suppliers {
  address: string | null;
  code: string;
  contactNo: string | null;
  contactPerson: string | null;
  createdAt: Generated<Timestamp>;
  deletedAt: Timestamp | null;
  email: string | null;
  id: Generated<string>;
  isActive: Generated<boolean>;
  name: string;
  tenantId: string;
  updatedAt: Generated<Timestamp>;
  version: Generated<number>;
}

export interface TaxOptionRates {
  effectiveFrom: string;
  id: Generated<string>;
  rateBasisPoints: number;
  taxOptionId: string;
  tenantId: string;
}

export interface TaxOptions {
  code: string;
  createdAt: Generated<Timestamp>;
  id: Generated<string>;
  isActive: Generated<boolean>;
  name: string;
  sortOrder: Generated<number>;
  tenantId: string;
  updatedAt: Generated<Timestamp>;
  version: Generated<number>;
}

export interface TenantModules {
  module: string;
  tenantId: string;
}

export interface Tenants {
  activatedAt: Timestamp | null;
  activationAttempts: Generated<number>;
  activationCodeExpiresAt: Timestamp | null;
  activationCodeHash: string | null;
  activationSentAt: Timestamp | null;
  clinicName: string;
  clinicType: Generated<string>;
  country: string;
  createdAt: Generated<Timestamp>;
  id: string;
  inactivityTimeoutMinutes: Generated<number>;
  requireDeviceAuthorization: Generated<boolean>;
  status: Generated<'trial' | 'active'>;
  subdomain: string;
  timezoneOffset: number;
  trialEndsAt: Timestamp | null;
  updatedAt: Generated<Timestamp>;
  version: Generated<number>;
}

export interface ThrottleEvents {
  happenedAt: Generated<Timestamp>;
  id: Generated<string>;
  key: string;
}

export interface UserBranches {
  branchId: string;
  isDefault: Generated<boolean>;
  roleId: string;
  tenantId: string;
  userId: string;
}

export interface Usernames {
  tenantId: string;
  userId: string;
  username: string;
}

export interface Users {
  createdAt: Generated<Timestamp>;
  email: string;
  firstName: string;
  id: Generated<string>;
  isActive: Generated<boolean>;
  lastName: string;
  mcr: string | null;
  mustChangePassword: Generated<boolean>;
  normalizedUsername: string;
  offDuty: Generated<boolean>;
  passwordChangedAt: Timestamp | null;
  passwordHash: string | null;
  tenantId: string;
  type: string;
  updatedAt: Generated<Timestamp>;
  username: string;
  version: Generated<number>;
}

export interface VaccinePlanDoses {
  ageMonths: number | null;
  doseNumber: number;
  intervalUnit: string | null;
  intervalValue: number | null;
  name: string;
  planId: string;
  tenantId: string;
}

export interface VaccinePlans {
  createdAt: Generated<Timestamp>;
  createdBy: string | null;
  deletedAt: Timestamp | null;
  deletedBy: string | null;
  id: Generated<string>;
  isActive: Generated<boolean>;
  itemId: string;
  name: string;
  tenantId: string;
  updatedAt: Generated<Timestamp>;
  updatedBy: string | null;
  version: Generated<number>;
}

export interface VisitFacts {
  bmi: number | null;
  createdAt: Generated<Timestamp>;
  createdBy: string;
  fagerstromTestScore: string | null;
  height: number | null;
  id: Generated<string>;
  numberSticksPerDay: number | null;
  patientId: string;
  smokingAssessmentDate: string | null;
  smokingAssessmentRemark: string | null;
  smokingStatus: string | null;
  stageOfChange: string | null;
  tenantId: string;
  updatedAt: Generated<Timestamp>;
  updatedBy: string;
  version: Generated<number>;
  visitId: string;
  waist: number | null;
  weight: number | null;
  weightNotFeasible: Generated<boolean>;
  yearStartedSmoking: number | null;
}

export interface Visits {
  branchId: string;
  consultEnd: Timestamp | null;
  consultStart: Timestamp | null;
  createdAt: Generated<Timestamp>;
  doctorId: string;
  id: Generated<string>;
  patientId: string;
  tenantId: string;
  updatedAt: Generated<Timestamp>;
  version: Generated<number>;
  visitDate: Timestamp;
  voidedAt: Timestamp | null;
}

export interface WhitelistDrugs {
  createdAt: Generated<Timestamp>;
  id: Generated<string>;
  isActive: Generated<boolean>;
  name: string;
  sddCode: string;
  tenantId: string;
  updatedAt: Generated<Timestamp>;
  version: Generated<number>;
}

export interface DB {
  allergies: Allergies;
  auditEvents: AuditEvents;
  billingCounters: BillingCounters;
  branches: Branches;
  cardNumberCounters: CardNumberCounters;
  catalogBranchItems: CatalogBranchItems;
  catalogComboComponents: CatalogComboComponents;
  catalogItems: CatalogItems;
  catalogNameGrams: CatalogNameGrams;
  catalogUpcCodes: CatalogUpcCodes;
  companies: Companies;
  consultNotes: ConsultNotes;
  creditCounters: CreditCounters;
  creditNoteLines: CreditNoteLines;
  creditNotes: CreditNotes;
  depositApplications: DepositApplications;
  deposits: Deposits;
  deviceAuthorizations: DeviceAuthorizations;
  diagnoses: Diagnoses;
  dispensedPrescriptionBatches: DispensedPrescriptionBatches;
  dispensedPrescriptions: DispensedPrescriptions;
  dispenseRecords: DispenseRecords;
  displayLinks: DisplayLinks;
  doctorRooms: DoctorRooms;
  documentCategories: DocumentCategories;
  documents: Documents;
  goodsReceived: GoodsReceived;
  goodsReceivedLines: GoodsReceivedLines;
  inventoryBranchItems: InventoryBranchItems;
  invoiceLines: InvoiceLines;
  invoices: Invoices;
  knownDevices: KnownDevices;
  mailOutbox: MailOutbox;
  mcCounters: McCounters;
  medicalCertificates: MedicalCertificates;
  patientNameWords: PatientNameWords;
  patients: Patients;
  patientSchemes: PatientSchemes;
  paymentMethods: PaymentMethods;
  payments: Payments;
  paymentTenders: PaymentTenders;
  physicalReadings: PhysicalReadings;
  prescriptions: Prescriptions;
  prescriptionSettings: PrescriptionSettings;
  printerFooters: PrinterFooters;
  purchaseCounters: PurchaseCounters;
  purchaseOrderLines: PurchaseOrderLines;
  purchaseOrders: PurchaseOrders;
  queueCounters: QueueCounters;
  queueEntries: QueueEntries;
  referenceOptions: ReferenceOptions;
  referralInstitutions: ReferralInstitutions;
  referralInstitutionSpecialties: ReferralInstitutionSpecialties;
  referralsOut: ReferralsOut;
  referralSpecialties: ReferralSpecialties;
  referralSubmissions: ReferralSubmissions;
  requisitionLines: RequisitionLines;
  requisitions: Requisitions;
  roles: Roles;
  sessions: Sessions;
  snomedDescriptions: SnomedDescriptions;
  snomedWords: SnomedWords;
  stockBatches: StockBatches;
  stockMovements: StockMovements;
  stockTallies: StockTallies;
  stockTallyLines: StockTallyLines;
  subsidyTiers: SubsidyTiers;
  suppliers: Suppliers;
  taxOptionRates: TaxOptionRates;
  taxOptions: TaxOptions;
  tenantModules: TenantModules;
  tenants: Tenants;
  throttleEvents: ThrottleEvents;
  userBranches: UserBranches;
  usernames: Usernames;
  users: Users;
  vaccinePlanDoses: VaccinePlanDoses;
  vaccinePlans: VaccinePlans;
  visitFacts: VisitFacts;
  visits: Visits;
  whitelistDrugs: WhitelistDrugs;
}
