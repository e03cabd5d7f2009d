/**
 * The dashboard's daily figures and lists (issue 13; doc 1 sections 2.10, 3 'Dashboard
 * data', 6 'Dashboard'). `from` is the start of a clinic day in Unix seconds (any moment
 * of the day names the same day); `t` names the list. Money is integer cents, like every
 * other figure of the API (the screen shows it with 2 decimals).
 */
import { z } from 'zod';
import { fromQuery, unixSeconds } from '../common/fields.ts';

const listKind = <const T extends string>(kind: T) =>
  z.literal(kind, { error: `t must be ${kind}` });

const dayQuery = { from: fromQuery(unixSeconds('from')), _: z.unknown().optional() };

/** `GET /dashboards/collections?from=` */
export const DashboardCollectionsQuery = z.strictObject(dayQuery);
export type DashboardCollectionsQuery = z.infer<typeof DashboardCollectionsQuery>;

/** `GET /dashboards/patients?from=&t=unbilled` */
export const DashboardPatientsQuery = z.strictObject({ ...dayQuery, t: listKind('unbilled') });
export type DashboardPatientsQuery = z.infer<typeof DashboardPatientsQuery>;

/** `GET /dashboards/invoices?from=&t=uncompleted` */
export const DashboardInvoicesQuery = z.strictObject({ ...dayQuery, t: listKind('uncompleted') });
export type DashboardInvoicesQuery = z.infer<typeof DashboardInvoicesQuery>;

/** `GET /dashboards/amounts?from=&t=payment-method` */
export const DashboardAmountsQuery = z.strictObject({ ...dayQuery, t: listKind('payment-method') });
export type DashboardAmountsQuery = z.infer<typeof DashboardAmountsQuery>;

/** The day's summary of the caller's branch; amounts in cents. */
export const DashboardCollections = z.object({
  /** Queue entries of the day still Pending. */
  pendingQueueCount: z.int(),
  /** Patients of the day's visits with prescription lines and no finalised invoice. */
  prescriptionCount: z.int(),
  /** Grand totals of the invoices finalised that day (voided ones left out), cents. */
  totalAmountBilled: z.int(),
  /** Payments taken that day (voided ones left out), cents. */
  totalAmountPaid: z.int(),
  /** Subsidies of the day's invoices, cents (0 until subsidies exist). */
  totalSubsidyAmount: z.int(),
});
export type DashboardCollections = z.infer<typeof DashboardCollections>;

/** A patient of the day's visits with no finalised invoice; `id` is the patient's. */
export const UnbilledPatient = z.object({
  id: z.string(),
  patientName: z.string(),
  NRIC: z.string().nullable(),
  cardNo: z.string().nullable(),
});
export type UnbilledPatient = z.infer<typeof UnbilledPatient>;

/** A finalised invoice of the day with money still owed; amounts in cents. */
export const UnpaidInvoice = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  patient: z.object({ name: z.string() }),
  totalAmount: z.int(),
  paidAmount: z.int(),
  balance: z.int(),
});
export type UnpaidInvoice = z.infer<typeof UnpaidInvoice>;

/** What the day's settled payments took by one method: cents and how many tenders. */
export const PaymentMethodAmountItem = z.object({
  paymentMethod: z.string(),
  amount: z.int(),
  count: z.int(),
});
export type PaymentMethodAmountItem = z.infer<typeof PaymentMethodAmountItem>;
