import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { setupApiTest } from '../../test/api-fixture.ts';
import { expectStatus, signIn } from '../../test/helpers.ts';
import { createDatabase, dropDatabase, findPostgresServer } from '../../test/test-database.ts';
import { openDatabase } from '../db/connection.ts';
import { withTenant } from '../db/tenant-db.ts';
import { demoPatients } from './demo-people.ts';
import { DEMO_PASSWORD, msUntilNextDemoDay, refillDemoQueues, seedDemo } from './demo.ts';
import { DEMO_COMPANIES, pastClinicDays } from './demo-weeks.ts';

/**
 * The demo clinic's medical records, in an empty database of its own (the demo clinic is
 * only created in one): PostgreSQL when the tests have it, else PGlite.
 */
const name = `demo_records_${randomUUID().slice(0, 8)}`;
let server: string | undefined;
const { t } = setupApiTest({
  clinics: 0,
  database: async () => {
    server = await findPostgresServer();
    if (!server) return openDatabase({ databaseUrl: undefined, dataDir: 'memory', migrate: true });
    const url = await createDatabase(server, name);
    return openDatabase({ databaseUrl: url, dataDir: 'unused', migrate: true, poolSize: 5 });
  },
});
afterAll(async () => {
  if (server) await dropDatabase(server, name);
});

describe('the demo records', () => {
  it('give patients past visits on several dates, with consult times, that the doctor reads', async () => {
    expect(await seedDemo(t.app.appContext)).toBe('created');
    const doctor = await signIn(t, 'demo.doctor', DEMO_PASSWORD);
    const branchId = doctor.branches[0]!.id;
    const caller = { token: doctor.token, branchId };
    let withHistory = 0;
    for (const { name } of demoPatients()) {
      const found = await t.call(
        'GET',
        `/api/v1/patients/option?keyword=${encodeURIComponent(name)}`,
        caller,
      );
      expectStatus(found, 200);
      const patient = (found.body.data.items as Array<{ id: string; name: string }>).find(
        (item) => item.name === name,
      )!;
      const visits = await t.call('GET', `/api/v1/visits?patientId=${patient.id}`, caller);
      expectStatus(visits, 200);
      const past = (visits.body.data.items as Array<Record<string, number | null>>).filter(
        (visit) => visit.date! < Date.now() / 1000 - 86_400,
      );
      if (past.length >= 2) withHistory += 1;
      for (const visit of past) {
        expect(visit.consultStartTime).toBeGreaterThan(visit.date!);
        expect(visit.consultEndTime).toBeGreaterThan(visit.consultStartTime!);
      }
    }
    expect(withHistory).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it('give finished visits prescription lines priced from the catalog, once', async () => {
    const doctor = await signIn(t, 'demo.doctor', DEMO_PASSWORD);
    const caller = { token: doctor.token, branchId: doctor.branches[0]!.id };
    // The lines of the older records' visits (the past weeks' visits have their own).
    const allLines = () =>
      withTenant(t.app.appContext.db, doctor.tenant.id, (tx) =>
        tx.db
          .selectFrom('prescriptions')
          .innerJoin('visits', 'visits.id', 'prescriptions.visitId')
          .select(['prescriptions.visitId', 'prescriptions.itemCode'])
          .where('visits.visitDate', '<', new Date(Date.now() - 60 * 86_400_000))
          .orderBy('prescriptions.createdAt')
          .execute(),
      );
    const lines = await allLines();
    expect(lines.map((line) => line.itemCode).sort()).toEqual(
      ['AMLO5', 'METF500', 'PARA500', 'CPM4', 'DXM15S', 'IBU400', 'PARA500'].sort(),
    );
    const first = await t.call(
      'GET',
      `/api/v1/visits/${lines[0]!.visitId}/prescriptions/lines`,
      caller,
    );
    expectStatus(first, 200);
    expect(first.body.data.items).toEqual([
      expect.objectContaining({
        code: 'AMLO5',
        prescriptMode: 0,
        consumeQuantity: 1,
        unitPrice: 15,
      }),
      expect.objectContaining({ code: 'METF500', frequency: 'BD', unitPrice: 10 }),
    ]);
    expect(first.body.data.subtotal).toBe(
      first.body.data.items.reduce(
        (sum: number, line: { totalPrice: number }) => sum + line.totalPrice,
        0,
      ),
    );
    expect(await seedDemo(t.app.appContext)).toBe('present');
    expect(await allLines()).toHaveLength(7);
  }, 120_000);

  it('bill the prescribed visits: paid by NETS and cash, one fully subsidised, part by PayNow, one unpaid', async () => {
    const desk = await signIn(t, 'demo.frontdesk', DEMO_PASSWORD);
    const caller = { token: desk.token, branchId: desk.branches[0]!.id };
    // Today's bills of the older records' visits (the past weeks' bills are tested below).
    const invoiceIds = async () =>
      (
        await withTenant(t.app.appContext.db, desk.tenant.id, (tx) =>
          tx.db
            .selectFrom('invoices')
            .innerJoin('visits', 'visits.id', 'invoices.visitId')
            .select('invoices.id')
            .where('visits.visitDate', '<', new Date(Date.now() - 60 * 86_400_000))
            .orderBy('invoices.createdAt')
            .execute(),
        )
      ).map((row) => row.id);
    const ids = await invoiceIds();
    expect(ids).toHaveLength(4);
    const invoices = [];
    for (const id of ids) {
      const response = await t.call('GET', `/api/v1/invoices/${id}`, caller);
      expectStatus(response, 200);
      invoices.push(response.body.data);
    }
    expect(invoices.map((invoice) => invoice.status)).toEqual([
      'FULLY',
      'FOC',
      'PARTIALLY',
      'ISSUED',
    ]);
    for (const invoice of invoices) {
      expect(invoice.invoiceNo).toMatch(/^INV-\d{6}$/);
      expect(invoice.grandTotalCents > 0).toBe(invoice.status !== 'FOC');
      expect(invoice.balanceCents).toBe(invoice.grandTotalCents - invoice.paidCents);
    }
    // The second visit's patient holds CHAS Blue (demo-subsidies): $18.50 covers the bill.
    expect(invoices[1].subsidy).toMatchObject({
      tierCode: 'CHAS-BLUE',
      visitKind: 'commonIllness',
    });
    expect(invoices[1].subsidyCents).toBe(invoices[1].subtotalCents + invoices[1].taxCents);
    expect(
      invoices[0].payments[0].tenders.map((tender: { method: string }) => tender.method),
    ).toEqual(['nets', 'cash']);
    expect(invoices[0].payments[0].changeCents).toBeGreaterThanOrEqual(0);
    expect(await seedDemo(t.app.appContext)).toBe('present');
    expect(await invoiceIds()).toEqual(ids);
    // A $1 credit note of the bill paid in full; a $50 deposit of the unpaid bill's patient.
    expect(invoices[0]).toMatchObject({ creditedCents: 100, balanceCents: 0 });
    const notes = await t.call('GET', `/api/v1/credit-notes?invoiceId=${ids[0]}`, caller);
    expect(notes.body.data.items).toEqual([
      expect.objectContaining({ creditNoteNo: 'CN-000001', amountCents: 100, status: 'ISSUED' }),
    ]);
    const deposits = await t.call(
      'GET',
      `/api/v1/deposits?patientId=${invoices[3].patient.id}`,
      caller,
    );
    expect(deposits.body.data.items).toEqual([
      expect.objectContaining({ depositNo: 'DEP-000001', remainderCents: 5_000 }),
    ]);
  }, 120_000);

  it('gives five demo patients CHAS, Merdeka Generation and Healthier SG cards', async () => {
    const desk = await signIn(t, 'demo.frontdesk', DEMO_PASSWORD);
    const caller = { token: desk.token, branchId: desk.branches[0]!.id };
    const cards = await withTenant(t.app.appContext.db, desk.tenant.id, (tx) =>
      tx.db.selectFrom('patientSchemes').select('patientId').execute(),
    );
    const tiers = [];
    for (const { patientId } of cards) {
      const subsidy = await t.call('GET', `/api/v1/patients/${patientId}/subsidy`, caller);
      expectStatus(subsidy, 200);
      expect(subsidy.body.data.card.isValidToday).toBe(true);
      tiers.push(subsidy.body.data.card.tierName);
    }
    expect(tiers.sort()).toEqual([
      'CHAS Blue',
      'CHAS Orange',
      'Healthier SG chronic (CHAS Blue)',
      'Healthier SG chronic (Merdeka Generation)',
      'Merdeka Generation',
    ]);
    expect(await seedDemo(t.app.appContext)).toBe('present');
    const again = await withTenant(t.app.appContext.db, desk.tenant.id, (tx) =>
      tx.db.selectFrom('patientSchemes').select('patientId').execute(),
    );
    expect(again).toHaveLength(5);
  }, 120_000);

  it("bill three weeks of clinic days: a past day's dashboard shows collections by several methods", async () => {
    const admin = await signIn(t, 'demo.admin', DEMO_PASSWORD);
    const caller = { token: admin.token, branchId: admin.branches[0]!.id };
    const days = pastClinicDays(Math.floor(Date.now() / 1000), 8 * 3600);
    expect(days.length).toBeGreaterThanOrEqual(17);
    const subsidies = [];
    for (const day of days) {
      const noon = day.start + 12 * 3600;
      const collections = await t.call(
        'GET',
        `/api/v1/dashboards/collections?from=${noon}`,
        caller,
      );
      expectStatus(collections, 200);
      const figures = collections.body.data;
      expect(figures.pendingQueueCount).toBe(0);
      expect(figures.totalAmountBilled).toBeGreaterThan(0);
      expect(figures.totalAmountPaid).toBeGreaterThan(0);
      subsidies.push(figures.totalSubsidyAmount);
    }
    // Scheme patients come often enough that most days show a subsidy.
    expect(subsidies.filter((cents) => cents > 0).length).toBeGreaterThan(days.length / 2);
    const day = days[days.length - 3]!;
    const amounts = await t.call(
      'GET',
      `/api/v1/dashboards/amounts?from=${day.start + 12 * 3600}&t=payment-method`,
      caller,
    );
    expectStatus(amounts, 200);
    const methods = amounts.body.data.items.map(
      (item: { paymentMethod: string }) => item.paymentMethod,
    );
    expect(methods.length).toBeGreaterThanOrEqual(3);
    expect(methods).toEqual(expect.arrayContaining(['NETS']));
  }, 120_000);

  it('let the invoice search over the last three weeks find many bills of every status', async () => {
    const admin = await signIn(t, 'demo.admin', DEMO_PASSWORD);
    const caller = { token: admin.token, branchId: admin.branches[0]!.id };
    const days = pastClinicDays(Math.floor(Date.now() / 1000), 8 * 3600);
    const dateOf = (seconds: number) =>
      new Date((seconds + 8 * 3600) * 1000).toISOString().slice(0, 10);
    const range = `fromDate=${dateOf(days[0]!.start)}&toDate=${dateOf(days.at(-1)!.start)}`;
    const all = await t.call('GET', `/api/v1/search/invoices?${range}&pageSize=100`, caller);
    expectStatus(all, 200);
    expect(all.body.data.total).toBeGreaterThanOrEqual(days.length * 3);
    const found: Record<string, number> = {};
    for (const status of ['FULLY', 'PARTIALLY', 'ISSUED', 'OVERDUE', 'VOIDED']) {
      const response = await t.call(
        'GET',
        `/api/v1/search/invoices?${range}&status=${status}`,
        caller,
      );
      expectStatus(response, 200);
      found[status] = response.body.data.total;
    }
    expect(found).toEqual({
      FULLY: expect.toSatisfy((n: number) => n > 30),
      PARTIALLY: expect.toSatisfy((n: number) => n > 0),
      ISSUED: expect.toSatisfy((n: number) => n > 0),
      OVERDUE: expect.toSatisfy((n: number) => n > 0),
      VOIDED: 1,
    });
    const payments = await t.call('GET', `/api/v1/search/payments?${range}&method=cheque`, caller);
    expectStatus(payments, 200);
    expect(payments.body.data.total).toBeGreaterThan(0);
  }, 120_000);

  it('list the demo companies, the employer and the TPA billed', async () => {
    const admin = await signIn(t, 'demo.admin', DEMO_PASSWORD);
    const caller = { token: admin.token, branchId: admin.branches[0]!.id };
    const companies = await t.call('GET', '/api/v1/companies', caller);
    expectStatus(companies, 200);
    expect(companies.body.data.items).toEqual(
      expect.arrayContaining(
        DEMO_COMPANIES.map((company) =>
          expect.objectContaining({
            code: company.code,
            name: company.name,
            creditTermsDays: company.creditTermsDays,
            isActive: true,
          }),
        ),
      ),
    );
    const billedTo = await withTenant(t.app.appContext.db, admin.tenant.id, (tx) =>
      tx.db.selectFrom('invoices').select('billToName').distinct().execute(),
    );
    expect(billedTo.map((row) => row.billToName)).toEqual(
      expect.arrayContaining(DEMO_COMPANIES.map((company) => company.name)),
    );
  }, 60_000);

  it('fills the queues of each new clinic day, as the server does just after midnight', async () => {
    const desk = await signIn(t, 'demo.frontdesk', DEMO_PASSWORD);
    const caller = { token: desk.token, branchId: desk.branches[0]!.id };
    // The demo clinic's next day (Singapore, UTC+8), at noon.
    const nextDayStart = Math.floor((Date.now() + msUntilNextDemoDay(Date.now())) / 1000);
    const queueOf = async (dayStart: number) => {
      const response = await t.call('GET', `/api/v1/queue?visitDate=${dayStart}`, caller);
      expectStatus(response, 200);
      return response.body.data.items as unknown[];
    };
    expect(await queueOf(nextDayStart)).toEqual([]);
    vi.useFakeTimers({ toFake: ['Date'], now: (nextDayStart + 12 * 3600) * 1000 });
    try {
      await refillDemoQueues(t.app.appContext);
    } finally {
      vi.useRealTimers();
    }
    expect((await queueOf(nextDayStart)).length).toBeGreaterThan(5);
  }, 60_000);
});

describe('the demo clock', () => {
  it("counts to the next midnight in Singapore, the demo clinic's time zone", () => {
    // 2026-11-27 15:59:00 UTC is 23:59 in Singapore; 16:00 UTC is midnight there.
    expect(msUntilNextDemoDay(Date.UTC(2026, 10, 27, 15, 59))).toBe(60_000);
    expect(msUntilNextDemoDay(Date.UTC(2026, 10, 27, 16, 0))).toBe(86_400_000);
    expect(msUntilNextDemoDay(Date.UTC(2026, 10, 27, 4, 0))).toBe(12 * 3600_000);
  });
});
