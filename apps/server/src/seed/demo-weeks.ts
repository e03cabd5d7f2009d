import {
  QUEUE_STATUS,
  UserType,
  type BillToInput,
  type CompanyCreateBody,
  type Invoice,
  type TenderInput,
} from '@clinic/domain';
import { withTenant, type TenantTx } from '../db/tenant-db.ts';
import {
  finaliseInvoice,
  invoiceFromVisit,
  updateInvoice,
  voidInvoice,
} from '../features/billing/invoices.service.ts';
import { createPayment } from '../features/billing/payments.service.ts';
import { clinicContext } from '../features/branches/branches.service.ts';
import { createCompany } from '../features/companies/companies.service.ts';
import { addPrescription } from '../features/prescriptions/prescriptions.service.ts';
import * as queue from '../features/queue/queue.service.ts';
import { setPatientSubsidy } from '../features/subsidies/subsidies.service.ts';
import { setConsultTime } from '../features/visits/visits.service.ts';
import type { AppContext } from '../platform/app-context.ts';
import type { BranchScope } from '../platform/scope.ts';
import { line, type DemoLine } from './demo-prescriptions.ts';

/**
 * The demo clinic's past weeks (docs/architecture.md "Billing" > Demo, and "Feature
 * boundaries" on the demo seed): every clinic day (Monday to Saturday) of the last three
 * weeks has a morning of finished visits, each billed and mostly paid at the desk, so the
 * dashboard of a past day and the invoice and payment searches show real figures at first
 * start. Everything goes through the services as the desk and the doctors would, each
 * step acting at its moment of that day (the transaction's `actsAt`: the clinic's clock
 * of the services reads it).
 */

/** Calendar days back the demo's past clinic days reach (Sundays closed). */
export const DEMO_WEEKS_DAYS = 21;
/** Finished visits of each past clinic day, in branch TPY. */
export const DEMO_VISITS_PER_DAY = 4;

/** The demo's companies: an employer on 30-day terms, an insurer's TPA on 14, another on 60. */
export const DEMO_COMPANIES: CompanyCreateBody[] = [
  {
    code: 'HARBOUR',
    name: 'Harbour Logistics Pte Ltd',
    address: '21 Pandan Road\nSingapore 609275',
    contactPerson: 'Kelvin Ho (HR)',
    phone: '+65 6265 1100',
    email: 'hr@harbour-logistics.example',
    creditTermsDays: 30,
  },
  {
    code: 'LCHTPA',
    name: 'Lion City Health TPA Pte Ltd',
    address: '1 Raffles Place #20-01\nSingapore 048616',
    contactPerson: 'Claims Department',
    phone: '+65 6222 3300',
    email: 'claims@lioncityhealth.example',
    creditTermsDays: 14,
  },
  {
    code: 'BAYENG',
    name: 'Marina Bay Engineering Pte Ltd',
    address: '8 Marina View #11-02\nSingapore 018960',
    contactPerson: 'Accounts Payable',
    phone: '+65 6333 4400',
    email: null,
    creditTermsDays: 60,
  },
];

/**
 * Two more scheme patients on Healthier SG chronic tiers, for the chronic reviews' drug
 * subsidies: the first of each list who holds no card yet (demo-subsidies gave three).
 */
const HSG_CARDS: Array<{ names: string[]; tierCode: string }> = [
  { names: ['Teo Kok Leong', 'Lim Siew Lan'], tierCode: 'HSG-MG' },
  { names: ['Ng Boon Huat', 'Rajesh s/o Kumar'], tierCode: 'HSG-BLUE' },
];

/** What brought a patient in, what the doctor prescribed, and the services the desk bills. */
interface DemoCase {
  purposes: string[];
  /** Catalog codes of the services, investigations or vaccines added to the bill. */
  services: string[];
  lines: DemoLine[];
  /** A chronic review: a scheme patient's bill takes the simple chronic subsidy. */
  chronic: boolean;
}

const course = (code: string, consumeQuantity: number, frequency: string, days: number) =>
  line(code, {
    consumeQuantity,
    frequency,
    duration: days,
    cycle: 'day',
    dispenseQuantity:
      consumeQuantity * days * ({ OM: 1, ON: 1, BD: 2, TDS: 3, QDS: 4 }[frequency] ?? 1),
  });

const CASES: DemoCase[] = [
  {
    purposes: ['Consultation'],
    services: ['CONSULT'],
    lines: [line('URTI-PKG', {})],
    chronic: false,
  },
  {
    purposes: ['Chronic Review'],
    services: ['REVIEW'],
    lines: [course('AMLO5', 1, 'OM', 30)],
    chronic: true,
  },
  {
    purposes: ['Consultation', 'Medical Certificate'],
    services: ['CONSULT'],
    lines: [course('IBU400', 1, 'TDS', 5), course('OMEP20', 1, 'OM', 5)],
    chronic: false,
  },
  {
    purposes: ['Consultation'],
    services: ['CONSULT'],
    lines: [course('PARA500', 2, 'QDS', 3)],
    chronic: false,
  },
  { purposes: ['Vaccination'], services: ['VFLU'], lines: [], chronic: false },
  {
    purposes: ['Follow-up'],
    services: ['REVIEW', 'DRESS-S'],
    lines: [course('CEPHA500', 1, 'TDS', 5)],
    chronic: false,
  },
  {
    purposes: ['Consultation'],
    services: ['CONSULT'],
    lines: [course('OMEP20', 1, 'OM', 14), course('DOMP10', 1, 'TDS', 3)],
    chronic: false,
  },
  {
    purposes: ['Chronic Review'],
    services: ['REVIEW', 'HBA1C'],
    lines: [course('METF500', 1, 'BD', 30)],
    chronic: true,
  },
];

/** How the n-th bill of a day is settled (turned by the day, so each day has them all). */
const PLANS = ['cash', 'nets', 'card', 'paynow', 'split', 'company'] as const;
type Plan = (typeof PLANS)[number];

/** A past clinic day: how many days before today, its place from the oldest and the newest. */
interface ClinicDay {
  daysAgo: number;
  index: number;
  fromNewest: number;
  /** Unix seconds of the day's start on the clinic's clock. */
  start: number;
}

/** Who works, whom they see and what they bill with: ids read once. */
interface DemoFacts {
  tenantId: string;
  branchId: string;
  deskId: string;
  doctorIds: string[];
  patientIds: string[];
  items: Map<string, string>;
  companies: Map<string, string>;
  days: ClinicDay[];
}

/**
 * The demo clinic's past weeks of visits and bills, after the demo's prescriptions and
 * scheme cards and before the demo bills of today (demo-billing): its invoices are the
 * clinic's first, numbered in date order. Runs once: a clinic with any invoice is left as
 * it is, and so is a demo without its catalog.
 */
export async function seedDemoWeeks(
  ctx: AppContext,
  tenantId: string,
  branchCode: string,
): Promise<void> {
  const facts = await demoFacts(ctx, tenantId, branchCode);
  if (!facts) return;
  await withTenant(ctx.db, tenantId, async (tx) => {
    const desk = actingScope(tx, facts, facts.deskId, UserType.frontDesk, facts.days[0]!.start);
    for (const company of DEMO_COMPANIES) {
      facts.companies.set(company.code, (await createCompany(desk, company)).id);
    }
    await giveHsgCards(tx, desk, facts.days[0]!);
  });
  // A transaction a day: a day's visits and bills come or go together, and fast.
  for (const day of facts.days) {
    await withTenant(ctx.db, tenantId, async (tx) => {
      for (let n = 0; n < DEMO_VISITS_PER_DAY; n += 1) await seedVisit(ctx, tx, facts, day, n);
    });
  }
}

async function demoFacts(
  ctx: AppContext,
  tenantId: string,
  branchCode: string,
): Promise<DemoFacts | undefined> {
  const codes = [
    ...new Set(CASES.flatMap((demo) => [...demo.services, ...demo.lines.map((l) => l.code)])),
  ];
  return withTenant(ctx.db, tenantId, async (tx) => {
    const billed = await tx.db.selectFrom('invoices').select('id').limit(1).executeTakeFirst();
    const desk = await tx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'demo.frontdesk')
      .executeTakeFirst();
    const branch = await tx.db
      .selectFrom('branches')
      .select('id')
      .where('code', '=', branchCode)
      .executeTakeFirst();
    const items = await tx.db
      .selectFrom('catalogItems')
      .select(['id', 'code'])
      .where('code', 'in', codes)
      .where('deletedAt', 'is', null)
      .execute();
    if (billed || !desk || !branch || items.length < codes.length) return undefined;
    const doctors = await tx.db
      .selectFrom('users')
      .select('id')
      .where('type', '=', UserType.doctor)
      .orderBy('username')
      .execute();
    const patients = await tx.db.selectFrom('patients').select('id').orderBy('name').execute();
    const clinic = await clinicContext(tx, branch.id);
    return {
      tenantId,
      branchId: branch.id,
      deskId: desk.id,
      doctorIds: doctors.map((doctor) => doctor.id),
      patientIds: patients.map((patient) => patient.id),
      items: new Map(items.map((item) => [item.code, item.id])),
      companies: new Map(),
      days: pastClinicDays(clinic.now, clinic.offsetMinutes * 60),
    };
  });
}

/** The clinic days (not Sundays) of the last `DEMO_WEEKS_DAYS` days before today, oldest first. */
export function pastClinicDays(now: number, offsetSeconds: number): ClinicDay[] {
  const todayStart = now - ((now + offsetSeconds) % 86_400);
  const days: Array<Omit<ClinicDay, 'index' | 'fromNewest'>> = [];
  for (let daysAgo = DEMO_WEEKS_DAYS; daysAgo >= 1; daysAgo -= 1) {
    const start = todayStart - daysAgo * 86_400;
    const weekday = new Date((start + offsetSeconds) * 1000).getUTCDay();
    if (weekday !== 0) days.push({ daysAgo, start });
  }
  return days.map((day, index) => ({ ...day, index, fromNewest: days.length - 1 - index }));
}

/**
 * A caller acting at a moment of a past day, inside the day's transaction: its services
 * run in that transaction (`run` reuses it) and read that moment as the clinic's now.
 */
function actingScope(
  tx: TenantTx,
  facts: DemoFacts,
  userId: string,
  userType: string,
  at: number,
): BranchScope {
  const moment: TenantTx = { ...tx, actsAt: at };
  return {
    tenantId: facts.tenantId,
    userId,
    userType,
    branchId: facts.branchId,
    run: (work) => work(moment),
  };
}

/** The Healthier SG cards, valid from before the first past day (or 1 January if earlier). */
async function giveHsgCards(tx: TenantTx, desk: BranchScope, first: ClinicDay): Promise<void> {
  const carded = new Set(
    (await tx.db.selectFrom('patientSchemes').select('patientId').execute()).map(
      (card) => card.patientId,
    ),
  );
  const clinic = await clinicContext(tx, desk.branchId);
  const firstDate = clinic.dateOf(first.start);
  const yearStart = `${clinic.today.slice(0, 4)}-01-01`;
  for (const { names, tierCode } of HSG_CARDS) {
    const candidates = await tx.db
      .selectFrom('patients')
      .select(['id', 'name'])
      .where('name', 'in', names)
      .execute();
    const patient = names
      .map((name) => candidates.find((candidate) => candidate.name === name))
      .find((found) => found && !carded.has(found.id));
    if (!patient) continue;
    await setPatientSubsidy(desk, patient.id, {
      version: 0,
      tierCode,
      validFrom: yearStart < firstDate ? yearStart : firstDate,
      validTo: null,
    });
  }
}

/**
 * The n-th visit of a past day: registered at the desk, seen (prescribed, consult times),
 * consulted out, billed (with its services, to a company on the company plan) and settled
 * by the day's plan; one bill of the fifth day goes to the wrong company first and is
 * voided with its reason before the right one is made.
 */
async function seedVisit(
  ctx: AppContext,
  tx: TenantTx,
  facts: DemoFacts,
  day: ClinicDay,
  n: number,
): Promise<void> {
  const demoCase = CASES[(day.index * 5 + n) % CASES.length]!;
  const patientId = facts.patientIds[(day.index * 7 + n * 3) % facts.patientIds.length]!;
  const doctorId = facts.doctorIds[n % facts.doctorIds.length]!;
  const arrival = day.start + 9 * 3600 + n * 75 * 60 + (day.index % 3) * 5 * 60;
  const consultStart = arrival + 12 * 60;
  const consultEnd = consultStart + (8 + (n % 3) * 4) * 60;
  const desk = (at: number) => actingScope(tx, facts, facts.deskId, UserType.frontDesk, at);
  const doctor = actingScope(tx, facts, doctorId, UserType.doctor, consultEnd);

  const entry = await queue.addToQueue(ctx, desk(arrival), {
    patientId,
    doctorId,
    visitPurposes: demoCase.purposes,
    remark: null,
    visitDate: null,
    isBackdate: false,
  });
  const { visitId } = await tx.db
    .selectFrom('queueEntries')
    .select('visitId')
    .where('id', '=', entry.id)
    .executeTakeFirstOrThrow();
  for (const { code, ...fields } of demoCase.lines) {
    await addPrescription(doctor, visitId, { ...fields, catalogItemId: facts.items.get(code)! });
  }
  const visit = await tx.db
    .selectFrom('visits')
    .select('version')
    .where('id', '=', visitId)
    .executeTakeFirstOrThrow();
  await setConsultTime(doctor, visitId, {
    startTime: consultStart,
    endTime: consultEnd,
    version: visit.version,
  });
  await queue.changeStatus(ctx, desk(consultEnd), entry.id, QUEUE_STATUS.consultOut, entry.version);

  const billAt = consultEnd + 5 * 60;
  const plan = PLANS[(n + day.index) % PLANS.length]!;
  const company = plan === 'company' ? companyOf(day) : null;
  if (company && day.index === 4) {
    const wrong = await billVisit(desk(billAt), facts, visitId, demoCase, 'BAYENG');
    await voidInvoice(desk(billAt + 120), wrong.id, {
      version: wrong.version,
      reason: `Billed to the wrong company: the patient is covered by ${company.name}`,
    });
  }
  const invoice = await billVisit(desk(billAt + 180), facts, visitId, demoCase, company?.code);
  const tenders = tendersOf(plan, invoice, day);
  if (invoice.balanceCents === 0 || tenders.length === 0) return;
  await createPayment(desk(billAt + 240), invoice.id, {
    version: invoice.version,
    tenders,
    remarks: plan === 'company' ? `Cheque from ${company?.name ?? 'the company'}` : null,
  });
}

/** The company of a day's company bill: the employer on even days, the TPA on odd ones. */
function companyOf(day: ClinicDay): CompanyCreateBody {
  return DEMO_COMPANIES[day.index % 2]!;
}

/** The visit's draft with its services added, billed to the company if any, finalised. */
async function billVisit(
  desk: BranchScope,
  facts: DemoFacts,
  visitId: string,
  demoCase: DemoCase,
  companyCode: string | undefined,
): Promise<Invoice> {
  const draft = await invoiceFromVisit(desk, visitId);
  const companyId = companyCode ? facts.companies.get(companyCode) : undefined;
  const billTo: BillToInput | null = companyId ? { companyId, name: null, address: null } : null;
  const edited = await updateInvoice(desk, draft.id, {
    version: draft.version,
    lineEdits: [],
    addLines: demoCase.services.map((code) => ({
      catalogItemId: facts.items.get(code)!,
      quantity: 1,
    })),
    removeLineIds: [],
    invoiceDiscount: null,
    billTo,
    remarks: null,
    dueDate: null,
    roundingMode: 'none',
    taxOptionCode: draft.taxOption.code,
    ...(demoCase.chronic ? { subsidyVisitKind: 'chronicSimple' as const } : {}),
  });
  return finaliseInvoice(desk, draft.id, { version: edited.version });
}

/**
 * The tenders of a plan: cash rounded up to the next $10 (change given), split half by
 * NETS and the rest in cash rounded up to $5; PayNow pays only a third every fourth day
 * (partly paid); a company pays by cheque once its bill is a fortnight old (the TPA's
 * 14-day bills of 15 to 17 days are left overdue); the newest day's card bill and the day
 * before's cash bill are left unpaid.
 */
function tendersOf(plan: Plan, invoice: Invoice, day: ClinicDay): TenderInput[] {
  const balance = invoice.balanceCents;
  const roundedUp = (cents: number, step: number) => Math.ceil(cents / step) * step;
  switch (plan) {
    case 'cash':
      return day.fromNewest === 1
        ? []
        : [{ method: 'cash', amountCents: roundedUp(balance, 1000) }];
    case 'nets':
      return [{ method: 'nets', amountCents: balance }];
    case 'card':
      return day.fromNewest === 0 ? [] : [{ method: 'card', amountCents: balance }];
    case 'paynow':
      return [
        { method: 'paynow', amountCents: day.index % 4 === 2 ? Math.floor(balance / 3) : balance },
      ];
    case 'split': {
      const nets = Math.floor(balance / 2);
      return [
        { method: 'nets', amountCents: nets },
        { method: 'cash', amountCents: roundedUp(balance - nets, 500) },
      ];
    }
    case 'company':
      return day.daysAgo >= (day.index % 2 === 0 ? 10 : 18)
        ? [{ method: 'cheque', amountCents: balance }]
        : [];
  }
}
