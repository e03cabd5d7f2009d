import { beforeAll, describe, expect, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import { addBranch, addUser, expectStatus, patientBody } from '../../../test/helpers.ts';
import { withTenant } from '../../db/tenant-db.ts';

/** Allergies (doc 2 sections 2.9, 3, 5) and the header's allergies-and-alert. */
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

beforeAll(async () => {
  const patient = await t.call('POST', '/api/v1/patients', { ...admin, body: patientBody() });
  expectStatus(patient, 201);
  patientId = patient.body.data.patientId;
  expectStatus(
    await t.call('POST', '/api/v1/queue', {
      ...admin,
      body: { patientId, doctorId: users.doctor.id, visitPurposes: ['Consultation'] },
    }),
    201,
  );
  const visits = await t.call('GET', `/api/v1/visits?patientId=${patientId}`, admin);
  visitId = visits.body.data.items[0].id;
  await withTenant(t.database.db, clinic.tenantId, (tx) =>
    tx.db
      .updateTable('patients')
      .set({ alertMessage: 'Hard of hearing' })
      .where('id', '=', patientId)
      .execute(),
  );
});

const penicillin = () => ({
  hciCode: 'HCI0001',
  patientID: patientId,
  visitID: visitId,
  allergyType: 'Drug',
  allergyDrugID: 'drug-penicillin',
  allergyDrugCode: 'PENICILLIN',
  allergyDrugName: 'Penicillin',
  allergyReaction: 'Y',
  allergyRemark: 'Rash and facial swelling',
  onsetDate: '2019-03-04',
});

const add = (caller: { token: string; branchId: string }, body: Record<string, unknown>) =>
  t.call('POST', '/api/v1/allergies', { ...caller, body });

const auditRows = () =>
  withTenant(t.database.db, clinic.tenantId, (tx) =>
    tx.db
      .selectFrom('auditEvents')
      .selectAll()
      .where('patientId', '=', patientId)
      .orderBy('happenedAt')
      .execute(),
  );

describe('POST /allergies', () => {
  let added: { id: string; version: number };

  it('records a drug allergy, answers it, and audits the write', async () => {
    const answer = await add(users.nurse, penicillin());
    expectStatus(answer, 201);
    added = answer.body.data;
    expect(answer.body.data).toEqual({
      id: expect.any(String),
      patientId,
      visitId,
      allergyType: 'Drug',
      allergyDrugID: 'drug-penicillin',
      allergyDrugCode: 'PENICILLIN',
      allergyDrugName: 'Penicillin',
      allergyReaction: 'Y',
      allergyReactionName: 'Drug allergy',
      allergyRemark: 'Rash and facial swelling',
      onsetDate: '2019-03-04',
      createdAt: expect.any(Number),
      createdByName: 'Nurse Test',
      isVoided: false,
      version: 1,
    });
    const creates = (await auditRows()).filter(
      (row) =>
        row.action === 'create' &&
        (row.detail as { record?: string } | null)?.record === 'allergies',
    );
    expect(creates).toEqual([
      expect.objectContaining({
        userId: users.nurse.id,
        branchId: clinic.branchId,
        entity: 'patient',
        entityId: patientId,
        detail: { record: 'allergies', allergyId: added.id },
      }),
    ]);
  });

  it("says '<field> is required' for each field of the form", async () => {
    const refused = await add(users.nurse, {
      patientID: patientId,
      allergyType: null,
      allergyDrugID: '',
      allergyReaction: undefined,
      allergyRemark: '  ',
      onsetDate: null,
    });
    expect(refused.status).toBe(400);
    expect(
      refused.body.error.errors.map((error: { field: string; message: string }) => [
        error.field,
        error.message,
      ]),
    ).toEqual([
      ['allergyType', 'Allergy type is required'],
      ['allergyDrugID', 'Allergy is required'],
      ['allergyReaction', 'Drug allergy or adverse drug reaction is required'],
      ['allergyRemark', 'Adverse reaction details is required'],
      ['onsetDate', 'Onset date is required'],
    ]);
    expect(refused.body.error.errors[0].code).toBe('allergy.allergyTypeRequired');
  });

  it('refuses an unknown allergen, one of the other type, a bad reaction code and dates', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ allergyDrugID: 'drug-unobtainium' }, 'allergyDrugID', 'allergy.allergenUnknown'],
      [{ allergyDrugID: 'other-peanut' }, 'allergyDrugID', 'allergy.allergenOfOtherType'],
      [{ allergyReaction: 'X' }, 'allergyReaction', 'allergy.reactionRequired'],
      [{ onsetDate: '04/03/2019' }, 'onsetDate', 'allergy.onsetDateInvalid'],
      [{ onsetDate: '2999-01-01' }, 'onsetDate', 'allergy.onsetDateFuture'],
    ];
    for (const [change, field, code] of cases) {
      const refused = await add(users.nurse, {
        ...penicillin(),
        allergyDrugID: 'drug-aspirin',
        ...change,
      });
      expect(refused.status, JSON.stringify(change)).toBe(400);
      expect(refused.body.error.errors, JSON.stringify(change)).toEqual([
        expect.objectContaining({ field, code }),
      ]);
    }
  });

  it('refuses the same allergen twice for the patient', async () => {
    const again = await add(users.nurse, penicillin());
    expect(again.status).toBe(400);
    expect(again.body.error.errors[0]).toMatchObject({
      field: 'allergyDrugID',
      message: 'This allergy is already recorded for this patient.',
    });
  });

  it("refuses a visit of another branch with the spec's words, and another clinic's patient", async () => {
    const branchB = await addBranch(t, clinic, 'ALB');
    const nurseB = await addUser(t, clinic, 'Nurse', { branchIds: [branchB] });
    const refused = await add(
      { token: nurseB.token, branchId: branchB },
      { ...penicillin(), allergyDrugID: 'drug-aspirin' },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({
      code: 'visit.anotherBranch',
      message:
        "Current visit is from another branch. Please make sure you've selected the correct branch. ",
    });
    const foreign = await add(
      { token: other.token, branchId: other.branchId },
      { ...penicillin(), visitID: null, allergyDrugID: 'drug-aspirin' },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('patient.notFound');
  });

  it('is refused to a role that writes no allergy', async () => {
    expect((await add(users.desk, { ...penicillin(), allergyDrugID: 'drug-aspirin' })).status).toBe(
      403,
    );
  });

  describe('DELETE /allergies/{id}', () => {
    it('refuses a stale version (409) and another clinic (404)', async () => {
      const stale = await t.call('DELETE', `/api/v1/allergies/${added.id}`, {
        ...users.doctor,
        body: { version: 7 },
      });
      expect(stale.status).toBe(409);
      const foreign = await t.call('DELETE', `/api/v1/allergies/${added.id}`, {
        token: other.token,
        branchId: other.branchId,
        body: { version: 1 },
      });
      expect(foreign.status).toBe(404);
      expect(foreign.body.error.code).toBe('allergy.notFound');
    });

    it('removes it with the version read, audited', async () => {
      const removed = await t.call('DELETE', `/api/v1/allergies/${added.id}`, {
        ...users.doctor,
        body: { version: 1 },
      });
      expectStatus(removed, 200);
      expect(removed.body.data).toMatchObject({ id: added.id, isVoided: true, version: 2 });
      expect((await auditRows()).filter((row) => row.action === 'delete')).toEqual([
        expect.objectContaining({
          userId: users.doctor.id,
          entity: 'patient',
          entityId: patientId,
          detail: { record: 'allergies', allergyId: added.id },
        }),
      ]);
      const listed = await t.call('GET', `/api/v1/allergies?patientId=${patientId}`, users.doctor);
      expect(listed.body.data.items).toEqual([]);
    });
  });
});

describe('the lists and the badges', () => {
  beforeAll(async () => {
    expectStatus(await add(users.nurse, { ...penicillin(), visitID: null }), 201);
    expectStatus(
      await add(users.nurse, {
        ...penicillin(),
        allergyType: 'Others',
        allergyDrugID: 'other-peanut',
        allergyReaction: 'U',
        allergyRemark: 'Hives',
        onsetDate: '2010-01-01',
      }),
      201,
    );
  });

  it('GET /allergies?patientId lists them, drug allergies first, audited', async () => {
    const before = (await auditRows()).length;
    const listed = await t.call('GET', `/api/v1/allergies?patientId=${patientId}`, users.doctor);
    expectStatus(listed, 200);
    expect(
      listed.body.data.items.map((item: { allergyDrugName: string }) => item.allergyDrugName),
    ).toEqual(['Penicillin', 'Peanut']);
    const rows = await auditRows();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ action: 'read', detail: { record: 'allergies' } });
  });

  it('GET /patients/{id}/allergies-and-alert answers the badges and the alert, audited', async () => {
    const badges = await t.call(
      'GET',
      `/api/v1/patients/${patientId}/allergies-and-alert`,
      users.nurse,
    );
    expectStatus(badges, 200);
    expect(badges.body.data.alertMessage).toBe('Hard of hearing');
    expect(badges.body.data.allergies).toHaveLength(2);
    expect((await auditRows()).at(-1)).toMatchObject({
      action: 'read',
      entity: 'patient',
      detail: { record: 'allergiesAndAlert' },
    });
    const foreign = await t.call('GET', `/api/v1/patients/${patientId}/allergies-and-alert`, {
      token: other.token,
      branchId: other.branchId,
    });
    expect(foreign.status).toBe(404);
    expect(
      (await t.call('GET', `/api/v1/patients/${patientId}/allergies-and-alert`, users.desk)).status,
    ).toBe(403);
  });

  it('GET /allergies/options searches the allergens, of a type when asked', async () => {
    const all = await t.call('GET', '/api/v1/allergies/options?keyword=pen', users.nurse);
    expectStatus(all, 200);
    expect(all.body.data.items).toContainEqual({
      id: 'drug-penicillin',
      code: 'PENICILLIN',
      name: 'Penicillin',
      type: 'Drug',
    });
    const others = await t.call(
      'GET',
      '/api/v1/allergies/options?keyword=nut&allergyType=Others',
      users.nurse,
    );
    expect(others.body.data.items.map((item: { id: string }) => item.id)).toEqual([
      'other-peanut',
      'other-tree_nut',
    ]);
  });

  it('GET /allergies/adverse-reaction/options answers the N, U, Y codes', async () => {
    const reactions = await t.call(
      'GET',
      '/api/v1/allergies/adverse-reaction/options',
      users.nurse,
    );
    expectStatus(reactions, 200);
    expect(reactions.body.data.items).toEqual([
      { code: 'Y', name: 'Drug allergy' },
      { code: 'N', name: 'Adverse drug reaction' },
      { code: 'U', name: 'Uncertain' },
    ]);
  });
});
