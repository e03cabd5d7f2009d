import { refusalMessage, VISIT_MESSAGES } from '@clinic/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import {
  addBranch,
  addUser,
  expectStatus,
  patientBody,
  type TestUser,
} from '../../../test/helpers.ts';
import { withTenant } from '../../db/tenant-db.ts';

/** Visit facts, physical readings and the consultation note of a visit (issue 11). */
const { t, clinic, clinics, users } = setupApiTest({
  clinics: 2,
  users: {
    doctor: { type: '50' },
    nurse: { type: 'Nurse' },
    desk: { type: 'Front Desk' },
  },
});

interface Caller {
  token: string;
  branchId: string;
}

const doctor = (): Caller => ({ token: users.doctor.token, branchId: clinic.branchId });

/** A visit of a new patient, opened by queueing them with the given doctor in the branch. */
async function openVisit(
  caller: Caller = { token: clinic.token, branchId: clinic.branchId },
  doctorId: string = users.doctor.id,
  tenantId: string = clinic.tenantId,
): Promise<{ visitId: string; patientId: string }> {
  const patient = await t.call('POST', '/api/v1/patients', { ...caller, body: patientBody() });
  expectStatus(patient, 201);
  const patientId: string = patient.body.data.patientId;
  const queued = await t.call('POST', '/api/v1/queue', {
    ...caller,
    body: { patientId, doctorId, visitPurposes: ['Consultation'] },
  });
  expectStatus(queued, 201);
  const visitId = await withTenant(t.database.db, tenantId, async (tx) => {
    const visit = await tx.db
      .selectFrom('visits')
      .select('id')
      .where('patientId', '=', patientId)
      .executeTakeFirstOrThrow();
    return visit.id;
  });
  return { visitId, patientId };
}

const auditRows = (visitId: string, tenantId = clinic.tenantId) =>
  withTenant(t.database.db, tenantId, (tx) =>
    tx.db
      .selectFrom('auditEvents')
      .selectAll()
      .where('entityId', '=', visitId)
      .orderBy('happenedAt')
      .execute(),
  );

const facts = (overrides: Record<string, unknown> = {}) => ({
  height: 1.75,
  weight: 70.5,
  waist: 82,
  weightNotFeasible: false,
  smokingStatus: 'ss01',
  yearStartedSmoking: null,
  numberSticksPerday: null,
  fagerstromTestScore: null,
  stageOfChange: null,
  smokingAssessmentDate: null,
  smokingAssessmentRemark: null,
  ...overrides,
});

function expectFieldError(response: { status: number; body: any }, field: string, code: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(400);
  expect(response.body.error.errors).toEqual(
    expect.arrayContaining([
      { field, code, message: refusalMessage(code as 'vitals.heightRange') },
    ]),
  );
}

describe('visit facts', () => {
  it('answers null before any, creates them once (BMI derived, details cleared), updates by version', async () => {
    const { visitId, patientId } = await openVisit();
    const none = await t.call('GET', `/api/v1/visit-facts/${visitId}`, doctor());
    expectStatus(none, 200);
    expect(none.body.data).toBeNull();

    const created = await t.call('POST', `/api/v1/visit-facts/${visitId}`, {
      ...doctor(),
      body: facts({
        smokingStatus: 'ss02',
        yearStartedSmoking: 1999,
        numberSticksPerday: 10,
        fagerstromTestScore: 'fts02',
        stageOfChange: 'sc003',
        smokingAssessmentDate: '2020-01-01',
        smokingAssessmentRemark: 'stopped',
        patientID: patientId,
      }),
    });
    expectStatus(created, 201);
    expect(created.body.data).toMatchObject({
      visitId,
      patientId,
      height: 1.75,
      weight: 70.5,
      waist: 82,
      bmi: 23.02,
      smokingStatus: 'ss02',
      smokingStatusVal: 'Ex-Smoker',
      yearStartedSmoking: null,
      numberSticksPerday: 0,
      fagerstromTestScore: null,
      stateOfChange: null,
      smokingAssessmentDate: null,
      smokingAssessmentRemark: null,
      version: 1,
    });

    const again = await t.call('POST', `/api/v1/visit-facts/${visitId}`, {
      ...doctor(),
      body: facts(),
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('vitals.factsExist');

    const current = {
      smokingStatus: 'ss03',
      yearStartedSmoking: 2001,
      numberSticksPerday: 12,
      fagerstromTestScore: 'fts03',
      stageOfChange: 'sc002',
      smokingAssessmentDate: '2026-01-15',
      smokingAssessmentRemark: 'Wants to stop',
    };
    const updated = await t.call('PUT', `/api/v1/visit-facts/${visitId}`, {
      ...doctor(),
      body: { ...facts({ ...current, weight: 80 }), version: 1 },
    });
    expectStatus(updated, 200);
    const { stageOfChange: _sent, ...answered } = current;
    expect(updated.body.data).not.toHaveProperty('stageOfChange');
    expect(updated.body.data).toMatchObject({
      ...answered,
      stateOfChange: 'sc002',
      stageOfChangeVal: 'Contemplation',
      fagerstromTestScoreVal: '5-7 moderate-high',
      bmi: 26.12,
      version: 2,
    });

    const stale = await t.call('PUT', `/api/v1/visit-facts/${visitId}`, {
      ...doctor(),
      body: { ...facts(), version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('record.changed');

    const read = await t.call('GET', `/api/v1/visit-facts/${visitId}`, doctor());
    expect(read.body.data).toEqual(updated.body.data);

    const rows = await auditRows(visitId);
    expect(rows.map((row) => [row.action, row.entity, row.detail, row.userId])).toEqual([
      ['read', 'visit', { record: 'visitFacts' }, users.doctor.id],
      ['create', 'visit', { record: 'visitFacts' }, users.doctor.id],
      ['update', 'visit', { record: 'visitFacts' }, users.doctor.id],
      ['read', 'visit', { record: 'visitFacts' }, users.doctor.id],
    ]);
    expect(
      rows.every((row) => row.patientId === patientId && row.branchId === clinic.branchId),
    ).toBe(true);
  });

  it('refuses each rule of doc 2 section 5 with its words, and writes nothing', async () => {
    const { visitId } = await openVisit();
    const post = (body: Record<string, unknown>) =>
      t.call('POST', `/api/v1/visit-facts/${visitId}`, { ...doctor(), body });
    expectFieldError(await post(facts({ height: null })), 'height', 'vitals.heightRequired');
    for (const height of [0, 3, -1, 3.5]) {
      const response = await post(facts({ height }));
      expectFieldError(response, 'height', 'vitals.heightRange');
      expect(response.body.error.message).toBe('Height range is greater than 0 and less than 3');
    }
    expectFieldError(await post(facts({ height: 1.755 })), 'height', 'vitals.heightDecimals');
    expectFieldError(await post(facts({ weight: null })), 'weight', 'vitals.weightRequired');
    expectFieldError(await post(facts({ weight: 70.123 })), 'weight', 'vitals.weightDecimals');
    expectFieldError(await post(facts({ waist: null })), 'waist', 'vitals.waistRequired');
    expectFieldError(await post(facts({ waist: 80.001 })), 'waist', 'vitals.waistDecimals');
    expectFieldError(
      await post(facts({ smokingStatus: 'ss03', smokingAssessmentDate: '2999-01-01' })),
      'smokingAssessmentDate',
      'vitals.assessmentDateFuture',
    );
    // A future date of a non-smoker is cleared, not refused.
    const several = await post(facts({ height: null, waist: null }));
    expect(several.body.error.code).toBe('request.invalid');
    expect(several.body.error.errors.map((e: { field: string }) => e.field)).toEqual([
      'height',
      'waist',
    ]);
    const unknownCode = await post(facts({ smokingStatus: 'ss09' }));
    expect(unknownCode.status).toBe(400);
    expect((await auditRows(visitId)).length).toBe(0);
    expect((await t.call('GET', `/api/v1/visit-facts/${visitId}`, doctor())).body.data).toBeNull();

    // Weight may be left out when it cannot be measured.
    const notFeasible = await post(facts({ weight: null, weightNotFeasible: true }));
    expectStatus(notFeasible, 201);
    expect(notFeasible.body.data).toMatchObject({
      weight: null,
      bmi: null,
      weightNotFeasible: true,
    });
  });

  it('answers 404 for a PUT before any facts and for an unknown visit', async () => {
    const { visitId } = await openVisit();
    const put = await t.call('PUT', `/api/v1/visit-facts/${visitId}`, {
      ...doctor(),
      body: { ...facts(), version: 1 },
    });
    expect(put.status).toBe(404);
    expect(put.body.error.code).toBe('vitals.factsMissing');
    const unknown = await t.call(
      'GET',
      `/api/v1/visit-facts/00000000-0000-4000-8000-000000000000`,
      doctor(),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('visit.notFound');
  });
});

describe('physical readings', () => {
  const reading = (overrides: Record<string, unknown> = {}) => ({
    readingTime: Math.floor(Date.now() / 1000) - 60,
    systolic: 120,
    diastolic: 80,
    pulse: 72,
    glucose: 5.4,
    temperature: 36.8,
    height: 175,
    weight: 70,
    ...overrides,
  });

  it('adds several to a visit (BMI and BSA derived), lists, updates and deletes them by version', async () => {
    const { visitId } = await openVisit();
    const nurse = { token: users.nurse.token, branchId: clinic.branchId };
    const first = await t.call('POST', `/api/v1/physical-readings/${visitId}`, {
      ...nurse,
      body: reading({ bsa: undefined }),
    });
    expectStatus(first, 201);
    // Mosteller: sqrt(175 * 70 / 3600) = 1.8447..., BMI 70 / 1.75^2 = 22.857...
    expect(first.body.data).toMatchObject({ visitId, bsa: 1.84, bmi: 22.86, version: 1 });
    const second = await t.call('POST', `/api/v1/physical-readings/${visitId}`, {
      ...nurse,
      body: reading({ systolic: 130, height: null, weight: null }),
    });
    expectStatus(second, 201);
    expect(second.body.data).toMatchObject({ bsa: null, bmi: null });

    const list = await t.call('GET', `/api/v1/physical-readings/${visitId}`, doctor());
    expectStatus(list, 200);
    expect(list.body.data.total).toBe(2);

    const id = first.body.data.id;
    const updated = await t.call('PUT', `/api/v1/physical-readings/${id}`, {
      ...nurse,
      body: { ...reading({ weight: 80 }), version: 1 },
    });
    expectStatus(updated, 200);
    expect(updated.body.data).toMatchObject({ id, weight: 80, bmi: 26.12, bsa: 1.97, version: 2 });
    const stale = await t.call('PUT', `/api/v1/physical-readings/${id}`, {
      ...nurse,
      body: { ...reading(), version: 1 },
    });
    expect(stale.status).toBe(409);
    const staleDelete = await t.call('DELETE', `/api/v1/readings/${id}`, {
      ...nurse,
      body: { version: 1 },
    });
    expect(staleDelete.status).toBe(409);
    const deleted = await t.call('DELETE', `/api/v1/readings/${id}`, {
      ...nurse,
      body: { version: 2 },
    });
    expectStatus(deleted, 200);
    expect(deleted.body.data).toEqual({ id, visitId });
    const gone = await t.call('DELETE', `/api/v1/readings/${id}`, {
      ...nurse,
      body: { version: 2 },
    });
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe('vitals.readingNotFound');

    const rows = await auditRows(visitId);
    expect(rows.map((row) => [row.action, (row.detail as { record: string }).record])).toEqual([
      ['create', 'physicalReadings'],
      ['create', 'physicalReadings'],
      ['read', 'physicalReadings'],
      ['update', 'physicalReadings'],
      ['delete', 'physicalReadings'],
    ]);
    expect(rows[3]!.detail).toEqual({ record: 'physicalReadings', readingId: id });
    expect(rows[0]!.detail).toEqual({ record: 'physicalReadings', readingId: id });
  });

  it('refuses values out of their ranges, an empty reading and a future time', async () => {
    const { visitId } = await openVisit();
    const post = (body: Record<string, unknown>) =>
      t.call('POST', `/api/v1/physical-readings/${visitId}`, { ...doctor(), body });
    expectFieldError(await post(reading({ systolic: 400 })), 'systolic', 'vitals.systolicRange');
    expectFieldError(await post(reading({ systolic: 120.5 })), 'systolic', 'vitals.systolicRange');
    expectFieldError(await post(reading({ diastolic: 10 })), 'diastolic', 'vitals.diastolicRange');
    expectFieldError(
      await post(reading({ systolic: 80, diastolic: 90 })),
      'diastolic',
      'vitals.diastolicAboveSystolic',
    );
    expectFieldError(await post(reading({ pulse: 5 })), 'pulse', 'vitals.pulseRange');
    expectFieldError(await post(reading({ glucose: 70 })), 'glucose', 'vitals.glucoseRange');
    expectFieldError(
      await post(reading({ temperature: 50 })),
      'temperature',
      'vitals.temperatureRange',
    );
    expectFieldError(await post(reading({ height: 0 })), 'height', 'vitals.readingHeightRange');
    expectFieldError(await post(reading({ weight: 1000 })), 'weight', 'vitals.readingWeightRange');
    expectFieldError(
      await post(reading({ readingTime: Math.floor(Date.now() / 1000) + 3600 })),
      'readingTime',
      'vitals.readingTimeFuture',
    );
    expectFieldError(
      await post({
        readingTime: Math.floor(Date.now() / 1000),
        systolic: null,
        diastolic: null,
        pulse: null,
        glucose: null,
        temperature: null,
        height: null,
        weight: null,
      }),
      'systolic',
      'vitals.readingEmpty',
    );
    expect((await auditRows(visitId)).length).toBe(0);
  });
});

describe('the consultation note', () => {
  const note = (overrides: Record<string, unknown> = {}) => ({
    history: 'Cough for 3 days',
    examination: 'Chest clear',
    plan: 'Rest, fluids',
    freeText: null,
    ...overrides,
  });

  it('is empty (version 0) before the first save, created by version 0, updated by version, 409 when stale', async () => {
    const { visitId } = await openVisit();
    const empty = await t.call('GET', `/api/v1/visits/${visitId}/note`, doctor());
    expectStatus(empty, 200);
    expect(empty.body.data).toEqual({
      visitId,
      history: null,
      examination: null,
      plan: null,
      freeText: null,
      version: 0,
      updatedAt: null,
      updatedByName: null,
    });
    const created = await t.call('PUT', `/api/v1/visits/${visitId}/note`, {
      ...doctor(),
      body: { ...note(), version: 0 },
    });
    expectStatus(created, 200);
    expect(created.body.data).toMatchObject({ ...note(), version: 1, updatedByName: '50 Test' });
    const secondCreate = await t.call('PUT', `/api/v1/visits/${visitId}/note`, {
      ...doctor(),
      body: { ...note({ plan: 'other' }), version: null },
    });
    expect(secondCreate.status).toBe(409);
    const updated = await t.call('PUT', `/api/v1/visits/${visitId}/note`, {
      ...doctor(),
      body: { ...note({ plan: 'Paracetamol\r\nReview in 3 days', history: '  ' }), version: 1 },
    });
    expectStatus(updated, 200);
    expect(updated.body.data).toMatchObject({
      history: null,
      plan: 'Paracetamol\nReview in 3 days',
      version: 2,
    });
    const stale = await t.call('PUT', `/api/v1/visits/${visitId}/note`, {
      ...doctor(),
      body: { ...note(), version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('record.changed');
    const control = await t.call('PUT', `/api/v1/visits/${visitId}/note`, {
      ...doctor(),
      body: { ...note({ plan: 'bad\u0007bell' }), version: 2 },
    });
    expect(control.status).toBe(400);
    const tooLong = await t.call('PUT', `/api/v1/visits/${visitId}/note`, {
      ...doctor(),
      body: { ...note({ freeText: 'x'.repeat(20_001) }), version: 2 },
    });
    expectFieldError(tooLong, 'freeText', 'vitals.noteTooLong');

    const rows = await auditRows(visitId);
    expect(rows.map((row) => [row.action, row.detail])).toEqual([
      ['read', { record: 'consultNote' }],
      ['update', { record: 'consultNote' }],
      ['update', { record: 'consultNote' }],
    ]);
  });

  it('is read by clinicians only: the front desk is refused, and no row is written', async () => {
    const { visitId } = await openVisit();
    const desk = { token: users.desk.token, branchId: clinic.branchId };
    const read = await t.call('GET', `/api/v1/visits/${visitId}/note`, desk);
    expect(read.status).toBe(403);
    const write = await t.call('PUT', `/api/v1/visits/${visitId}/note`, {
      ...desk,
      body: { ...note(), version: 0 },
    });
    expect(write.status).toBe(403);
    const nurse = { token: users.nurse.token, branchId: clinic.branchId };
    expectStatus(await t.call('GET', `/api/v1/visits/${visitId}/note`, nurse), 200);
    const nurseWrite = await t.call('PUT', `/api/v1/visits/${visitId}/note`, {
      ...nurse,
      body: { ...note(), version: 0 },
    });
    expect(nurseWrite.status).toBe(403);
    expect((await auditRows(visitId)).map((row) => row.userId)).toEqual([users.nurse.id]);
  });
});

describe('a visit of another branch, another clinic, or voided', () => {
  let branchB: string;
  let visitB: string;
  let doctorA: TestUser;

  beforeAll(async () => {
    branchB = await addBranch(t, clinic, 'VITB');
    const doctorB = await addUser(t, clinic, '50', { branchIds: [branchB] });
    const adminB = await addUser(t, clinic, 'Administrator', { branchIds: [branchB] });
    ({ visitId: visitB } = await openVisit({ token: adminB.token, branchId: branchB }, doctorB.id));
    const created = await t.call('POST', `/api/v1/visit-facts/${visitB}`, {
      token: doctorB.token,
      branchId: branchB,
      body: facts(),
    });
    expectStatus(created, 201);
    doctorA = await addUser(t, clinic, '50', { branchIds: [clinic.branchId] });
  });

  it("refuses every write with the spec's words, and reads clinic-wide (audited with the caller's branch)", async () => {
    const caller = { token: doctorA.token, branchId: clinic.branchId };
    const writes = [
      t.call('POST', `/api/v1/visit-facts/${visitB}`, { ...caller, body: facts() }),
      t.call('PUT', `/api/v1/visit-facts/${visitB}`, {
        ...caller,
        body: { ...facts(), version: 1 },
      }),
      t.call('POST', `/api/v1/physical-readings/${visitB}`, {
        ...caller,
        body: { readingTime: Math.floor(Date.now() / 1000), pulse: 70 },
      }),
      t.call('PUT', `/api/v1/visits/${visitB}/note`, { ...caller, body: { version: 0 } }),
    ];
    for (const response of await Promise.all(writes)) {
      expect(response.status).toBe(403);
      expect(response.body.error).toEqual({
        code: 'visit.anotherBranch',
        message:
          "Current visit is from another branch. Please make sure you've selected the correct branch. ",
      });
    }
    expect(VISIT_MESSAGES.anotherBranch.endsWith('branch. ')).toBe(true);
    const before = (await auditRows(visitB)).length;
    const read = await t.call('GET', `/api/v1/visit-facts/${visitB}`, caller);
    expectStatus(read, 200);
    expect(read.body.data.height).toBe(1.75);
    const rows = await auditRows(visitB);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      userId: doctorA.id,
      branchId: clinic.branchId,
      action: 'read',
    });
  });

  it('answers 404 to another clinic, whatever the route, and writes no row', async () => {
    const [, other] = clinics;
    const caller = { token: other.token, branchId: other.branchId };
    for (const [method, url, body] of [
      ['GET', `/api/v1/visit-facts/${visitB}`, undefined],
      ['PUT', `/api/v1/visit-facts/${visitB}`, { ...facts(), version: 1 }],
      ['GET', `/api/v1/physical-readings/${visitB}`, undefined],
      ['GET', `/api/v1/visits/${visitB}/note`, undefined],
      ['PUT', `/api/v1/visits/${visitB}/note`, { version: 0 }],
    ] as const) {
      const response = await t.call(method, url, { ...caller, body });
      expect(response.status, `${method} ${url}`).toBe(404);
      expect(response.body.error.code).toBe('visit.notFound');
    }
    expect(await auditRows(visitB, other.tenantId)).toHaveLength(0);
  });

  it('keeps a voided visit read-only', async () => {
    const { visitId } = await openVisit();
    await withTenant(t.database.db, clinic.tenantId, (tx) =>
      tx.db.updateTable('visits').set({ voidedAt: new Date() }).where('id', '=', visitId).execute(),
    );
    const refused = await t.call('POST', `/api/v1/visit-facts/${visitId}`, {
      ...doctor(),
      body: facts(),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('visit.voided');
    expectStatus(await t.call('GET', `/api/v1/visits/${visitId}/note`, doctor()), 200);
  });
});
