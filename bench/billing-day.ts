import { UserType } from '@clinic/domain';
import type pg from 'pg';
import {
  community,
  identityDigits,
  identityNumber,
  mobileNumber,
  personName,
} from './generator/people.ts';
import { createRandom } from './generator/random.ts';
import { addStaff, callApi, openClinic, type Caller } from './harness/clinic.ts';
import { timeCalls } from './harness/timed-calls.ts';

/**
 * One clinic day for `billing.ts`, made through the running API: a clinic with one branch,
 * its doctor and front desk, medicines with stock, the day's visits with their lines, and
 * (later) the desk's payments.
 */

const MEDICINES = 24;
const FREQUENCIES = ['OD', 'BD', 'TDS', 'QDS'];
const METHODS = ['cash', 'nets', 'card', 'paynow'];
/** Calls sent at once while the day is made (untimed). */
const SETUP_CONNECTIONS = 10;

const random = createRandom(20261127);

export interface Invoice {
  id: string;
  invoiceNo: string | null;
  version: number;
  grandTotalCents: number;
  lines: unknown[];
}

export interface ClinicDay {
  /** The administrator (the front desk's role does not read the dashboard). */
  admin: Caller;
  desk: Caller;
  /** A moment of the day (Unix seconds): the dashboard's `from`. */
  moment: number;
  visitIds: string[];
  lines: number;
}

/** `work` on every item, SETUP_CONNECTIONS at a time, untimed; answers in the items' order. */
export async function each<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const answers: R[] = [];
  const inputs = items.map((item, at) => ({ kind: 'setup', input: { item, at } }));
  await timeCalls(inputs, SETUP_CONNECTIONS, async ({ item, at }) => {
    answers[at] = await work(item);
    return [];
  });
  return answers;
}

/** A patient of the day, from the scale data's plausible Singapore people. */
function patientBody(serial: number) {
  const male = random.chance(0.5);
  const birthYear = random.between(1940, 1999);
  return {
    title: male ? 'Mr' : 'Mrs',
    name: personName(random, community(random), male),
    idType: 'NRIC',
    nric: identityNumber(true, birthYear, identityDigits(birthYear, serial)),
    gender: male ? 'M' : 'F',
    contactNo: mobileNumber(random),
    telCode: '+65',
    birthDate: `${birthYear}-0${random.between(1, 9)}-1${random.between(0, 9)}`,
    nationality: 'SG',
  };
}

/** 2-4 lines of distinct medicines (a second line of one is refused without a reason). */
function prescriptionLines(medicines: readonly string[]) {
  const first = random.int(medicines.length);
  return Array.from({ length: random.between(2, 4) }, (_, k) => ({
    catalogItemId: medicines[(first + k * 7) % medicines.length]!,
    prescriptMode: 1,
    consumeQuantity: random.between(1, 2),
    frequency: random.pick(FREQUENCIES),
    duration: random.between(3, 7),
    cycle: 'day',
  }));
}

async function addMedicines(url: string, admin: Caller): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < MEDICINES; i += 1) {
    const item = await callApi<{ id: string }>(url, admin, 'POST', '/catalogs', {
      type: 'Med',
      code: `BM${String(i).padStart(3, '0')}`,
      name: `Benchamol ${50 + i * 25} mg tab`,
      dispensingUnit: 'tab',
      sellingPriceCents: random.between(8, 150),
    });
    await callApi(url, admin, 'POST', '/inventory/receipts', {
      itemId: item.id,
      batchNo: `LOT${i}`,
      expiryDate: '2031-12-31',
      quantity: 100_000,
      unitCostCents: 5,
    });
    ids.push(item.id);
  }
  return ids;
}

/**
 * Opens the clinic and its day: each visit as the desk and the doctor make it (register
 * the patient, queue them, which opens the visit; the doctor prescribes 2-4 lines).
 */
export async function openClinicDay(
  url: string,
  owner: pg.ClientBase,
  visits: number,
): Promise<ClinicDay> {
  const clinic = await openClinic(url, owner);
  const doctor = await addStaff(url, owner, clinic, UserType.doctor, 'bench.doctor');
  const desk = await addStaff(url, owner, clinic, UserType.frontDesk, 'bench.desk');
  const medicines = await addMedicines(url, clinic.admin);
  const plans = Array.from({ length: visits }, (_, serial) => ({
    patient: patientBody(serial),
    lines: prescriptionLines(medicines),
  }));
  const moment = Math.floor(Date.now() / 1000);
  const visitIds = await each(plans, async (plan) => {
    const { patientId } = await callApi<{ patientId: string }>(
      url,
      desk,
      'POST',
      '/patients',
      plan.patient,
    );
    const entry = { patientId, doctorId: doctor.userId, visitPurposes: ['Consultation'] };
    await callApi(url, desk, 'POST', '/queue', entry);
    const path = `/visits?patientId=${patientId}`;
    const visit = (await callApi<{ items: { id: string }[] }>(url, desk, 'GET', path)).items[0]!;
    for (const line of plan.lines)
      await callApi(url, doctor, 'POST', `/visits/${visit.id}/prescriptions`, line);
    return visit.id;
  });
  const lines = plans.reduce((sum, plan) => sum + plan.lines.length, 0);
  return { admin: clinic.admin, desk, moment, visitIds, lines };
}

/** How the desk is paid for a bill: mostly in full, some split, some partly, a few not. */
function tendersFor(total: number): { method: string; amountCents: number }[] {
  const r = random.next();
  if (r < 0.05) return [];
  if (r < 0.13)
    return [{ method: random.pick(['card', 'paynow']), amountCents: Math.floor(total / 2) }];
  if (r < 0.23) {
    const cash = Math.min(1000, total - 1);
    return [
      { method: 'cash', amountCents: cash },
      { method: 'nets', amountCents: total - cash },
    ];
  }
  const method = random.pick(METHODS);
  // Cash is handed in whole $5 notes: the change is the payment's.
  return [{ method, amountCents: method === 'cash' ? Math.ceil(total / 500) * 500 : total }];
}

/** The desk takes the day's payments; answers how many bills were paid in full or part. */
export async function payBills(url: string, desk: Caller, invoices: readonly Invoice[]) {
  const payments = invoices
    .map((invoice) => ({ invoice, tenders: tendersFor(invoice.grandTotalCents) }))
    .filter(({ tenders }) => tenders.length > 0);
  await each(payments, ({ invoice, tenders }) =>
    callApi(url, desk, 'POST', `/invoices/${invoice.id}/payments`, {
      version: invoice.version,
      tenders,
    }),
  );
  return payments.length;
}
