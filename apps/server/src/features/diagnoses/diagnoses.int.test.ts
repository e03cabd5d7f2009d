import { refusalMessage } from '@clinic/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import { addBranch, addUser, expectStatus, patientBody } from '../../../test/helpers.ts';
import { withTenant } from '../../db/tenant-db.ts';

/** Coded diagnoses (doc 2 sections 2.8, 3, 5) and the SNOMED CT search. */
const {
  t,
  clinics: [clinic, other],
  users,
  admin,
} = setupApiTest({
  clinics: 2,
  users: { doctor: { type: '50' }, nurse: { type: 'Nurse' }, desk: { type: 'Front Desk' } },
});

let patientId: string;
let visitId: string;

async function openVisit(caller: { token: string; branchId: string }, doctorId: string) {
  const patient = await t.call('POST', '/api/v1/patients', { ...caller, body: patientBody() });
  expectStatus(patient, 201);
  const id: string = patient.body.data.patientId;
  expectStatus(
    await t.call('POST', '/api/v1/queue', {
      ...caller,
      body: { patientId: id, doctorId, visitPurposes: ['Consultation'] },
    }),
    201,
  );
  const visits = await t.call('GET', `/api/v1/visits?patientId=${id}`, caller);
  expectStatus(visits, 200);
  return { patientId: id, visitId: visits.body.data.items[0].id as string };
}

beforeAll(async () => {
  ({ patientId, visitId } = await openVisit(admin, users.doctor.id));
});

const diagnose = (caller: { token: string; branchId: string }, body: Record<string, unknown>) =>
  t.call('POST', '/api/v1/diagnosis', { ...caller, body });

const auditRows = (entityId: string) =>
  withTenant(t.database.db, clinic.tenantId, (tx) =>
    tx.db
      .selectFrom('auditEvents')
      .selectAll()
      .where('entityId', '=', entityId)
      .orderBy('happenedAt')
      .execute(),
  );

describe('GET /snomed-ct?filter=', () => {
  const search = (filter: string) =>
    t.call('GET', `/api/v1/snomed-ct?filter=${encodeURIComponent(filter)}`, users.doctor);

  it('finds the starter list by word prefix, shorter terms first', async () => {
    const found = await search('hyper');
    expectStatus(found, 200);
    const names = found.body.data.items.map((item: { name: string }) => item.name);
    expect(names).toContain('Hypertension');
    expect(names.indexOf('Hypertension')).toBeLessThan(names.indexOf('Essential hypertension'));
    expect(found.body.data.items).toContainEqual({ id: '38341003', name: 'Hypertension' });
    const lengths = names.map((name: string) => name.length);
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
  });

  it('needs every word of the filter to start a word of the term, in any order and case', async () => {
    const found = await search('DIAB typ 2');
    expectStatus(found, 200);
    expect(found.body.data.items).toContainEqual({
      id: '44054006',
      name: 'Type 2 diabetes mellitus',
    });
    expect(found.body.data.items).not.toContainEqual(expect.objectContaining({ id: '73211009' }));
    // A word in the middle of a term is found; a part inside a word is not.
    expect((await search('ellitus')).body.data.items).toEqual([]);
    expect((await search('mellitus type 1')).body.data.items).toEqual([
      { id: '46635009', name: 'Type 1 diabetes mellitus' },
    ]);
  });

  it('answers at most 20 terms', async () => {
    const found = await search('di');
    expectStatus(found, 200);
    expect(found.body.data.items.length).toBeGreaterThan(0);
    expect(found.body.data.items.length).toBeLessThanOrEqual(20);
  });

  it('refuses a filter of fewer than 2 characters with a field error', async () => {
    for (const filter of ['h', ' h ', '']) {
      const refused = await search(filter);
      expect(refused.status, filter).toBe(400);
      expect(refused.body.error.errors).toEqual([
        {
          field: 'filter',
          code: 'diagnosis.filterTooShort',
          message: 'Please type at least 2 characters to search.',
        },
      ]);
    }
  });

  it('is refused to a role that reads no diagnosis', async () => {
    expect((await t.call('GET', '/api/v1/snomed-ct?filter=hyp', users.desk)).status).toBe(403);
  });
});

describe('POST /diagnosis', () => {
  it('adds a coded diagnosis to the visit, answers it and audits the write', async () => {
    const added = await diagnose(users.doctor, {
      visitId,
      patientId,
      model: { id: '38341003', name: 'Hypertension', remark: 'since 2019' },
    });
    expectStatus(added, 201);
    expect(added.body.data).toEqual({
      id: expect.any(String),
      visitId,
      code: '38341003',
      description: 'Hypertension',
      remark: 'since 2019',
      isVoided: false,
      version: 1,
    });
    const listed = await t.call('GET', `/api/v1/diagnosis?visitId=${visitId}`, users.doctor);
    expect(listed.body.data.items).toContainEqual(added.body.data);
    const rows = (await auditRows(visitId)).filter((row) => row.action === 'create');
    expect(rows).toEqual([
      expect.objectContaining({
        userId: users.doctor.id,
        branchId: clinic.branchId,
        entity: 'visit',
        patientId,
        detail: { record: 'diagnoses', diagnosisId: added.body.data.id },
      }),
    ]);
  });

  it("refuses the same code twice on the visit: 'Already in list'", async () => {
    const body = { visitId, patientId, model: { id: '54150009', name: 'URTI', remark: null } };
    expectStatus(await diagnose(users.doctor, body), 201);
    const again = await diagnose(users.doctor, body);
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({
      code: 'diagnosis.alreadyInList',
      errors: [{ field: 'model.id', code: 'diagnosis.alreadyInList', message: 'Already in list' }],
    });
  });

  it("refuses a missing diagnosis: 'No diagnosis'", async () => {
    for (const model of [undefined, null, { id: '', name: null, remark: null }, { remark: 'x' }]) {
      const refused = await diagnose(users.doctor, { visitId, patientId, model });
      expect(refused.status, JSON.stringify(model)).toBe(400);
      expect(refused.body.error.errors).toContainEqual(
        expect.objectContaining({ message: 'No diagnosis' }),
      );
    }
  });

  it('refuses a code the table does not hold', async () => {
    const refused = await diagnose(users.doctor, {
      visitId,
      patientId,
      model: { id: '123', name: 'Made up', remark: null },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.errors).toEqual([
      {
        field: 'model.id',
        code: 'diagnosis.codeUnknown',
        message: 'Please choose a diagnosis from the list.',
      },
    ]);
  });

  it('needs a known visit of the patient', async () => {
    const missing = await diagnose(users.doctor, { patientId, model: { id: '38341003' } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.errors).toContainEqual(
      expect.objectContaining({ field: 'visitId', message: 'No visit selected' }),
    );
    const unknown = await diagnose(users.doctor, {
      visitId: '00000000-0000-4000-8000-000000000001',
      patientId,
      model: { id: '38341003' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.errors).toEqual([
      { field: 'visitId', code: 'visit.notFound', message: 'This visit does not exist.' },
    ]);
    const otherPatient = await openVisit(admin, users.doctor.id);
    const mismatch = await diagnose(users.doctor, {
      visitId,
      patientId: otherPatient.patientId,
      model: { id: '38341003' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.errors[0].code).toBe('diagnosis.visitOfAnotherPatient');
  });

  it("refuses a visit of another branch with the spec's words", async () => {
    const branchB = await addBranch(t, clinic, 'DXB');
    const adminB = await addUser(t, clinic, 'Administrator', { branchIds: [branchB] });
    const doctorB = await addUser(t, clinic, '50', { branchIds: [branchB] });
    const visitB = await openVisit({ token: adminB.token, branchId: branchB }, doctorB.id);
    const refused = await diagnose(users.doctor, {
      ...visitB,
      model: { id: '38341003' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({
      code: 'visit.anotherBranch',
      message:
        "Current visit is from another branch. Please make sure you've selected the correct branch. ",
    });
    expect(await auditRows(visitB.visitId)).toEqual([]);
  });

  it("refuses another clinic's visit as unknown, and a nurse (reads diagnoses only)", async () => {
    const otherDoctor = await addUser(t, other, '50');
    const visitOther = await openVisit(
      { token: other.token, branchId: other.branchId },
      otherDoctor.id,
    );
    const refused = await diagnose(users.doctor, { ...visitOther, model: { id: '38341003' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.errors[0].code).toBe('visit.notFound');
    const nurse = await diagnose(users.nurse, { visitId, patientId, model: { id: '44054006' } });
    expect(nurse.status).toBe(403);
  });
});

describe('DELETE /diagnosis/{id}', () => {
  let diagnosis: { id: string; version: number };

  beforeAll(async () => {
    const added = await diagnose(users.doctor, { visitId, patientId, model: { id: '195967001' } });
    expectStatus(added, 201);
    diagnosis = added.body.data;
    expect(added.body.data.description).toBe('Asthma');
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    const stale = await t.call('DELETE', `/api/v1/diagnosis/${diagnosis.id}`, {
      ...users.doctor,
      body: { version: diagnosis.version + 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('record.changed');
  });

  it('refuses it in another clinic (not found) and from another branch', async () => {
    const foreign = await t.call('DELETE', `/api/v1/diagnosis/${diagnosis.id}`, {
      token: other.token,
      branchId: other.branchId,
      body: { version: diagnosis.version },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('diagnosis.notFound');
    const branchC = await addBranch(t, clinic, 'DXC');
    const doctorC = await addUser(t, clinic, '50', { branchIds: [branchC] });
    const elsewhere = await t.call('DELETE', `/api/v1/diagnosis/${diagnosis.id}`, {
      token: doctorC.token,
      branchId: branchC,
      body: { version: diagnosis.version },
    });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.error.message).toBe(refusalMessage('visit.anotherBranch'));
  });

  it('removes (voids) it with the version read, audited; the code may then be added again', async () => {
    const removed = await t.call('DELETE', `/api/v1/diagnosis/${diagnosis.id}`, {
      ...users.doctor,
      body: { version: diagnosis.version },
    });
    expectStatus(removed, 200);
    expect(removed.body.data).toMatchObject({ id: diagnosis.id, isVoided: true, version: 2 });
    const rows = (await auditRows(visitId)).filter((row) => row.action === 'delete');
    expect(rows).toEqual([
      expect.objectContaining({
        userId: users.doctor.id,
        entity: 'visit',
        patientId,
        detail: { record: 'diagnoses', diagnosisId: diagnosis.id },
      }),
    ]);
    const again = await t.call('DELETE', `/api/v1/diagnosis/${diagnosis.id}`, {
      ...users.doctor,
      body: { version: 2 },
    });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('diagnosis.alreadyVoided');
    expectStatus(
      await diagnose(users.doctor, { visitId, patientId, model: { id: '195967001' } }),
      201,
    );
  });
});

describe('the same code saved twice at once', () => {
  it('is added once; the other save is told it is already in the list', async () => {
    const body = { visitId, patientId, model: { id: '25064002' } };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => diagnose(users.doctor, body)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400, 400, 400]);
  });
});
