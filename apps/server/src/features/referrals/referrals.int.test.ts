import { REFERRAL_MESSAGES, REFERRAL_PROMPT_DONE } from '@clinic/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import {
  addBranch,
  addUser,
  createRole,
  expectStatus,
  patientBody,
} from '../../../test/helpers.ts';
import { withTenant } from '../../db/tenant-db.ts';

const { t, clinics, admin, users } = setupApiTest({
  clinics: 2,
  users: { doctor: { type: '50' }, desk: { type: 'Front Desk' } },
});

const ANOTHER_BRANCH =
  "Current visit is from another branch. Please make sure you've selected the correct branch. ";

type Caller = { token: string; branchId: string };
type Visit = { visitId: string; patientId: string };

async function openVisit(caller: Caller, doctorId: string): Promise<Visit> {
  const patient = await t.call('POST', '/api/v1/patients', { ...caller, body: patientBody() });
  expectStatus(patient, 201);
  const patientId: string = patient.body.data.patientId;
  const entry = await t.call('POST', '/api/v1/queue', {
    ...caller,
    body: { patientId, doctorId, visitPurposes: ['Consultation'] },
  });
  expectStatus(entry, 201);
  const visits = await t.call('GET', `/api/v1/visits?patientId=${patientId}`, caller);
  return { visitId: visits.body.data.items[0].id, patientId };
}

const now = () => Math.floor(Date.now() / 1000);

/** A complete referral out not under HSG. */
const referralBody = (visit: Visit, overrides: Record<string, unknown> = {}) => ({
  patientId: visit.patientId,
  visitId: visit.visitId,
  issueDate: now() - 300,
  isHsg: false,
  referralInstitution: 'MEH',
  referralInstitutionDescription: 'Mount Elizabeth Hospital',
  referTo: 'Dr Tan Wei Ming',
  diagnosisText: 'Right knee pain',
  referralReason: 'Persistent pain after six weeks of physiotherapy',
  drugAllergies: 'NKDA',
  ...overrides,
});

/** A complete HSG referral of `type` to SGH orthopaedics (or an emergency department). */
const hsgBody = (visit: Visit, type: 1 | 2 | 3 | 4, overrides: Record<string, unknown> = {}) => ({
  ...referralBody(visit),
  isHsg: true,
  referralType: type,
  referralInstitution: type >= 3 ? 'H1' : 'SGH',
  speciallyService: type >= 3 ? 'EMD' : 'ORT',
  patientRequest: 'Subsidised Referral',
  treatments: 'Analgesia, physiotherapy',
  medicalHistory: 'Hypertension',
  isRelatedToChas: true,
  ...overrides,
});

let visit: Visit;

beforeAll(async () => {
  visit = await openVisit(admin, users.doctor.id);
});

async function create(body: unknown, caller: Caller = users.doctor) {
  return t.call('POST', '/api/v1/referrals/out', { ...caller, body });
}

describe('writing a referral out', () => {
  it('creates a draft, unsent, with the fields, the branch and its HCI code; lists it', async () => {
    const created = await create(referralBody(visit));
    expectStatus(created, 201);
    expect(created.body.data).toMatchObject({
      patientId: visit.patientId,
      visitId: visit.visitId,
      branchId: admin.branchId,
      isHsg: false,
      referralInstitutionDescription: 'Mount Elizabeth Hospital',
      referTo: 'Dr Tan Wei Ming',
      referralStatus: 1,
      sendStatus: 1,
      rowVersion: 1,
      voidedReason: null,
      createdBy: users.doctor.id,
    });
    const got = await t.call('GET', `/api/v1/referrals/out/${created.body.data.id}`, users.desk);
    expectStatus(got, 200);
    expect(got.body.data).toEqual(created.body.data);
    const list = await t.call(
      'GET',
      `/api/v1/referrals/out?patientId=${visit.patientId}`,
      users.desk,
    );
    expect(list.body.data.items.map((r: { id: string }) => r.id)).toContain(created.body.data.id);
  });

  it('keeps only what the clearing rules keep', async () => {
    const created = await create(
      referralBody(visit, {
        referralType: 4,
        speciallyService: 'ORT',
        billSize: 5000,
        patientRequest: 'Subsidised Referral',
        isNamedDoctor: false,
        doctorName: 'Dr Lim',
        isIncludingReview: false,
        reviewContent: 'Review in 2 weeks',
      }),
    );
    expectStatus(created, 201);
    expect(created.body.data).toMatchObject({
      referralType: null,
      speciallyService: null,
      billSize: null,
      patientRequest: null,
      doctorName: null,
      reviewContent: null,
    });
  });

  it('refuses each missing field in the spec words', async () => {
    const refused = await create(
      referralBody(visit, {
        referralInstitution: null,
        referralInstitutionDescription: null,
        isNamedDoctor: true,
        diagnosisText: '',
        referralReason: null,
        drugAllergies: ' ',
      }),
    );
    expectStatus(refused, 400);
    expect(refused.body.error.errors).toEqual([
      expect.objectContaining({
        field: 'referralInstitution',
        message: REFERRAL_MESSAGES.institutionRequired,
      }),
      expect.objectContaining({ field: 'doctorName', message: "Doctor's name is required" }),
      expect.objectContaining({
        field: 'diagnosisText',
        message: REFERRAL_MESSAGES.diagnosisRequired,
      }),
      expect.objectContaining({
        field: 'referralReason',
        message: REFERRAL_MESSAGES.reasonRequired,
      }),
      expect.objectContaining({
        field: 'drugAllergies',
        message: REFERRAL_MESSAGES.drugAllergiesRequired,
      }),
    ]);
  });

  it('refuses a referral date later than now, and a missing one', async () => {
    const future = await create(referralBody(visit, { issueDate: now() + 86_400 }));
    expectStatus(future, 400);
    expect(future.body.error).toMatchObject({
      code: 'referral.issueDateInFuture',
      errors: [expect.objectContaining({ field: 'issueDate' })],
    });
    const missing = await create(referralBody(visit, { issueDate: null }));
    expectStatus(missing, 400);
    expect(missing.body.error.errors[0]).toMatchObject({
      field: 'issueDate',
      message: REFERRAL_MESSAGES.issueDateRequired,
    });
  });

  it('refuses an unknown field and a bad type by name', async () => {
    const unknown = await create({ ...referralBody(visit), colour: 'red' });
    expectStatus(unknown, 400);
    expect(unknown.body.error.errors[0].field).toBe('colour');
    const badType = await create(hsgBody(visit, 1, { referralType: 9 }));
    expectStatus(badType, 400);
    expect(badType.body.error.errors[0].field).toBe('referralType');
  });
});

describe('HSG referrals', () => {
  it('takes the list descriptions of the institution and specialty', async () => {
    const created = await create(hsgBody(visit, 1, { referralInstitutionDescription: 'typed' }));
    expectStatus(created, 201);
    expect(created.body.data).toMatchObject({
      isHsg: true,
      referralType: 1,
      referralInstitution: 'SGH',
      referralInstitutionDescription: 'Singapore General Hospital',
      speciallyService: 'ORT',
      speciallyServiceDescription: 'Orthopaedic Surgery',
      patientRequest: 'Subsidised Referral',
    });
  });

  it('requires type, institution and specialty; types 1 and 2 the request and treatments', async () => {
    const refused = await create(
      hsgBody(visit, 2, { speciallyService: null, patientRequest: null, treatments: null }),
    );
    expectStatus(refused, 400);
    expect(refused.body.error.errors.map((e: { field: string }) => e.field)).toEqual([
      'speciallyService',
      'patientRequest',
      'treatments',
    ]);
    const noType = await create(hsgBody(visit, 1, { referralType: null }));
    expect(noType.body.error.errors[0]).toMatchObject({
      field: 'referralType',
      message: REFERRAL_MESSAGES.typeRequired,
    });
  });

  it('refuses an institution that does not take the type, and a specialty it does not offer', async () => {
    const wrongType = await create(hsgBody(visit, 3, { referralInstitution: 'SGH' }));
    expectStatus(wrongType, 400);
    expect(wrongType.body.error).toMatchObject({ code: 'referral.institutionUnknown' });
    const wrongSpecialty = await create(hsgBody(visit, 1, { speciallyService: 'PAE' }));
    expectStatus(wrongSpecialty, 400);
    expect(wrongSpecialty.body.error).toMatchObject({ code: 'referral.specialtyUnknown' });
  });

  it('GPFirst: blocked until acknowledged; medical history required; diagnosis not', async () => {
    const blocked = await create(hsgBody(visit, 4, { isRelatedToChas: false }));
    expectStatus(blocked, 400);
    expect(blocked.body.error).toMatchObject({
      code: 'referral.acknowledge',
      message: 'Please acknowledge before save!',
    });
    const noHistory = await create(hsgBody(visit, 4, { medicalHistory: null }));
    expect(noHistory.body.error.errors[0]).toMatchObject({
      field: 'medicalHistory',
      message: REFERRAL_MESSAGES.medicalHistoryRequired,
    });
    const saved = await create(hsgBody(visit, 4, { diagnosisText: null, billSize: 5000 }));
    expectStatus(saved, 201);
    expect(saved.body.data).toMatchObject({ referralType: 4, billSize: 5000 });
  });

  it('lists institutions by type and specialties by institution', async () => {
    const elective = await t.call('GET', '/api/v1/referrals/institution?type=1', users.desk);
    expectStatus(elective, 200);
    const codes = elective.body.data.items.map((i: { code: string }) => i.code);
    expect(codes).toEqual(expect.arrayContaining(['SGH', 'NUH', 'PBDK']));
    expect(codes).not.toContain('H1');
    const emergency = await t.call('GET', '/api/v1/referrals/institution?type=4', users.desk);
    expect(emergency.body.data.items.map((i: { code: string }) => i.code)).toContain('H1');
    const specialties = await t.call(
      'GET',
      '/api/v1/referrals/specialty?code=KKH&type=1',
      users.desk,
    );
    expect(specialties.body.data.items).toEqual([
      { code: 'OG', description: 'Obstetrics and Gynaecology' },
      { code: 'PAE', description: 'Paediatrics' },
    ]);
    const badType = await t.call('GET', '/api/v1/referrals/institution?type=7', users.desk);
    expectStatus(badType, 400);
    expect(badType.body.error.errors[0].field).toBe('type');
  });

  it('answers the HSG enrolment from the patient card', async () => {
    const before = await t.call(
      'GET',
      `/api/v1/enrolment/hsg-status?patientID=${visit.patientId}`,
      users.doctor,
    );
    expectStatus(before, 200);
    expect(before.body.data).toEqual({
      patientID: visit.patientId,
      enrolled_status: false,
      tierName: null,
    });
    const card = await t.call('PUT', `/api/v1/patients/${visit.patientId}/subsidy`, {
      ...admin,
      body: { tierCode: 'HSG-BLUE', validFrom: '2026-01-01', validTo: null, version: 0 },
    });
    expectStatus(card, 200);
    const after = await t.call(
      'GET',
      `/api/v1/enrolment/hsg-status?patientID=${visit.patientId}`,
      users.doctor,
    );
    expect(after.body.data.enrolled_status).toBe(true);
  });
});

describe('modifying and voiding', () => {
  it('a draft is saved again without a reason; a stale version is a 409', async () => {
    const created = await create(referralBody(visit));
    const id = created.body.data.id as string;
    const body = { ...referralBody(visit), id, rowVersion: 1, note: 'Please see soon' };
    const updated = await t.call('PUT', `/api/v1/referrals/out/${id}`, { ...users.doctor, body });
    expectStatus(updated, 200);
    expect(updated.body.data).toMatchObject({
      note: 'Please see soon',
      rowVersion: 2,
      referralStatus: 1,
    });
    const stale = await t.call('PUT', `/api/v1/referrals/out/${id}`, { ...users.doctor, body });
    expectStatus(stale, 409);
  });

  it('a referral past draft needs a modified reason and becomes Corrected', async () => {
    const created = await create(hsgBody(visit, 1));
    const id = created.body.data.id as string;
    // Submitting comes with the next slice: the referral is finalised here directly.
    await withTenant(t.database.db, clinics[0].tenantId, (tx) =>
      tx.db.updateTable('referralsOut').set({ referralStatus: 5 }).where('id', '=', id).execute(),
    );
    const body = { ...hsgBody(visit, 1), rowVersion: 1 };
    const refused = await t.call('PUT', `/api/v1/referrals/out/${id}`, { ...users.doctor, body });
    expectStatus(refused, 400);
    expect(refused.body.error).toMatchObject({
      code: 'referral.modifiedReasonRequired',
      errors: [expect.objectContaining({ field: 'modifiedReason' })],
    });
    const saved = await t.call('PUT', `/api/v1/referrals/out/${id}`, {
      ...users.doctor,
      body: { ...body, modifiedReason: 'Wrong specialty noted' },
    });
    expectStatus(saved, 200);
    expect(saved.body.data).toMatchObject({
      referralStatus: 6,
      modifiedReason: 'Wrong specialty noted',
    });
    expect(saved.body.data.modifiedDate).toBeGreaterThan(0);
  });

  it('voids with a reason; a voided referral is read-only', async () => {
    const created = await create(referralBody(visit));
    const id = created.body.data.id as string;
    const noReason = await t.call('DELETE', `/api/v1/referrals/out/${id}`, {
      ...users.doctor,
      body: { id, rowVersion: 1, voidedReason: '' },
    });
    expectStatus(noReason, 400);
    expect(noReason.body.error.errors[0]).toMatchObject({
      field: 'voidedReason',
      message: REFERRAL_MESSAGES.voidedReasonRequired,
    });
    const voided = await t.call('DELETE', `/api/v1/referrals/out/${id}`, {
      ...users.doctor,
      body: { id, rowVersion: 1, voidedReason: 'Patient declined' },
    });
    expectStatus(voided, 200);
    expect(voided.body.data).toMatchObject({ referralStatus: 3, voidedReason: 'Patient declined' });
    expect(voided.body.data.voidedDate).toBeGreaterThan(0);
    const save = await t.call('PUT', `/api/v1/referrals/out/${id}`, {
      ...users.doctor,
      body: { ...referralBody(visit), rowVersion: 2, modifiedReason: 'x' },
    });
    expectStatus(save, 400);
    expect(save.body.error).toMatchObject({ code: 'referral.voided' });
    const again = await t.call('DELETE', `/api/v1/referrals/out/${id}`, {
      ...users.doctor,
      body: { id, rowVersion: 2, voidedReason: 'again' },
    });
    expect(again.body.error).toMatchObject({ code: 'referral.voided' });
  });
});

describe('the quick prompt', () => {
  it('drafts a referral out of the visit and answers the message', async () => {
    const fresh = await openVisit(admin, users.doctor.id);
    const answer = await t.call('POST', '/api/v1/referrals', {
      ...users.doctor,
      body: { outVisitID: fresh.visitId, patientID: fresh.patientId },
    });
    expectStatus(answer, 201);
    expect(answer.body.data).toBe(REFERRAL_PROMPT_DONE);
    const list = await t.call(
      'GET',
      `/api/v1/referrals/out?patientId=${fresh.patientId}`,
      users.doctor,
    );
    expect(list.body.data.items).toEqual([
      expect.objectContaining({ visitId: fresh.visitId, referralStatus: 1 }),
    ]);
  });

  it('refuses a patient who is not the visit’s', async () => {
    const other = await openVisit(admin, users.doctor.id);
    const refused = await t.call('POST', '/api/v1/referrals', {
      ...users.doctor,
      body: { outVisitID: visit.visitId, patientID: other.patientId },
    });
    expectStatus(refused, 400);
    expect(refused.body.error.errors[0].field).toBe('patientID');
  });
});

describe('who may, where, and which clinic', () => {
  it('the front desk reads referrals but does not write them', async () => {
    expectStatus(await create(referralBody(visit), users.desk), 403);
  });

  it("a visit of another branch is read, never written, with the spec's message", async () => {
    const branchB = await addBranch(t, clinics[0], 'RFB');
    const adminB = await addUser(t, clinics[0], 'Administrator', { branchIds: [branchB] });
    const doctorB = await addUser(t, clinics[0], '50', { branchIds: [branchB] });
    const callerB = { token: adminB.token, branchId: branchB };
    const visitB = await openVisit(callerB, doctorB.id);
    const referralB = await create(referralBody(visitB), callerB);
    expectStatus(referralB, 201);
    const id = referralB.body.data.id as string;

    const created = await create(referralBody(visitB));
    expectStatus(created, 403);
    expect(created.body.error).toMatchObject({
      code: 'visit.anotherBranch',
      message: ANOTHER_BRANCH,
    });
    const updated = await t.call('PUT', `/api/v1/referrals/out/${id}`, {
      ...users.doctor,
      body: { ...referralBody(visitB), rowVersion: 1 },
    });
    expect(updated.body.error.message).toBe(ANOTHER_BRANCH);
    const voided = await t.call('DELETE', `/api/v1/referrals/out/${id}`, {
      ...users.doctor,
      body: { rowVersion: 1, voidedReason: 'x' },
    });
    expect(voided.body.error.message).toBe(ANOTHER_BRANCH);
    expectStatus(await t.call('GET', `/api/v1/referrals/out/${id}`, users.doctor), 200);
  });

  it("another clinic's referral does not exist for the caller", async () => {
    const created = await create(referralBody(visit));
    const id = created.body.data.id as string;
    const other = { token: clinics[1].token, branchId: clinics[1].branchId };
    expectStatus(await t.call('GET', `/api/v1/referrals/out/${id}`, other), 404);
    const voided = await t.call('DELETE', `/api/v1/referrals/out/${id}`, {
      ...other,
      body: { rowVersion: 1, voidedReason: 'x' },
    });
    expectStatus(voided, 404);
    const list = await t.call('GET', `/api/v1/referrals/out?patientId=${visit.patientId}`, other);
    expect(list.body.data.items).toEqual([]);
  });
});

describe('the referral letter print data (GET /reports/referrals/{id})', () => {
  const letterOf = (id: string, caller: Caller) =>
    t.call('GET', `/api/v1/reports/referrals/${id}`, caller);

  it('answers the referral, its patient (ID masked), the signed-in doctor, MCR and HCI code', async () => {
    const created = await create(hsgBody(visit, 4));
    expectStatus(created, 201);
    const id = created.body.data.id as string;
    const letter = await letterOf(id, users.doctor);
    expectStatus(letter, 200);
    const data = letter.body.data;
    expect(data.referral).toEqual(created.body.data);
    expect(data.visitId).toBe(visit.visitId);
    expect(data).toMatchObject({ fullName: '50 Test', mcr: 'M99999Z' });
    expect(data.hciCode).toBe(created.body.data.hciCode);
    expect(data.patient.name).toMatch(/^Test Patient /);
    expect(data.patient.ic).toMatch(/^\*{5}\d{3}[A-Z]$/);
    expect(data.patient).toMatchObject({ birthDate: '1980-05-17' });
    expect(data.issued.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(data.issued.time).toMatch(/^\d{2}:\d{2}$/);
  });

  it('is the signed-in user who signs: the front desk prints with its own name, without an MCR', async () => {
    const id = (await create(referralBody(visit))).body.data.id as string;
    const letter = await letterOf(id, users.desk);
    expectStatus(letter, 200);
    expect(letter.body.data).toMatchObject({ fullName: 'Front Desk Test', mcr: null });
  });

  it('needs referrals:print; refuses a voided referral and one of another branch', async () => {
    const id = (await create(referralBody(visit))).body.data.id as string;
    const role = await createRole(t, clinics[0], 'Reads referrals', ['referrals:read']);
    const reader = await addUser(t, clinics[0], 'Nurse', { roleIds: [role] });
    const readerCaller = { token: reader.token, branchId: admin.branchId };
    expectStatus(await t.call('GET', `/api/v1/referrals/out/${id}`, readerCaller), 200);
    const noPrint = await letterOf(id, readerCaller);
    expectStatus(noPrint, 403);
    expect(noPrint.body.error.code).toBe('access.roleRefusal');
    const voided = await t.call('DELETE', `/api/v1/referrals/out/${id}`, {
      ...users.doctor,
      body: { rowVersion: 1, voidedReason: 'Wrong patient' },
    });
    expectStatus(voided, 200);
    const refused = await letterOf(id, users.doctor);
    expectStatus(refused, 400);
    expect(refused.body.error.message).toBe(REFERRAL_MESSAGES.voidedNoPrint);

    const branchB = await addBranch(t, clinics[0], 'RLB');
    const adminB = await addUser(t, clinics[0], 'Administrator', { branchIds: [branchB] });
    const doctorB = await addUser(t, clinics[0], '50', { branchIds: [branchB] });
    const callerB = { token: adminB.token, branchId: branchB };
    const visitB = await openVisit(callerB, doctorB.id);
    const idB = (await create(referralBody(visitB), callerB)).body.data.id as string;
    const elsewhere = await letterOf(idB, users.doctor);
    expectStatus(elsewhere, 403);
    expect(elsewhere.body.error.message).toBe(REFERRAL_MESSAGES.printAnotherBranch);
  });

  it("another clinic's referral is 404; the print is audited on the visit", async () => {
    const id = (await create(referralBody(visit))).body.data.id as string;
    const other = { token: clinics[1].token, branchId: clinics[1].branchId };
    expectStatus(await letterOf(id, other), 404);
    const tenantId = clinics[0].tenantId;
    await letterOf(id, users.doctor);
    const rows = await withTenant(t.database.db, tenantId, (tx) =>
      tx.db
        .selectFrom('auditEvents')
        .selectAll()
        .where('entityId', '=', visit.visitId)
        .orderBy('happenedAt', 'desc')
        .limit(1)
        .execute(),
    );
    expect(rows[0]).toMatchObject({
      action: 'read',
      entity: 'visit',
      patientId: visit.patientId,
      userId: users.doctor.id,
      detail: { record: 'referrals', id, purpose: 'print' },
    });
  });
});
