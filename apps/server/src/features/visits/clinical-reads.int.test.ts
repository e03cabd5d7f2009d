import {
  SYSTEM_ROLES,
  allows,
  isClinicalRead,
  refusalMessage,
  type Permission,
} from '@clinic/domain';
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
import { answeredClinicalResources } from '../../platform/clinical-policy.ts';

/**
 * The clinical-reads policy (security issue 21): clinical records are read clinic-wide,
 * only by roles whose permissions include their read, and every read is audited.
 */
const { t, clinic } = setupApiTest();

describe('the route table', () => {
  it('every route that answers clinical records requires their read permission and audits the read', () => {
    const clinical = t.app.routeTable.filter(
      (route) => answeredClinicalResources(route.schemas.response).size > 0,
    );
    // The reads that answer clinical records today; a new one shows up here.
    const reads = clinical.filter((route) => route.method === 'GET');
    expect(reads.map((route) => `${route.method} ${route.url}`).sort()).toEqual([
      'GET /api/v1/allergies',
      'GET /api/v1/diagnosis',
      'GET /api/v1/documents',
      'GET /api/v1/documents/:id',
      'GET /api/v1/medical-certificates',
      'GET /api/v1/medical-certificates/:id',
      'GET /api/v1/patients/:patientId/allergies-and-alert',
      'GET /api/v1/physical-readings/:id',
      'GET /api/v1/prescriptions/:id',
      'GET /api/v1/referrals/out',
      'GET /api/v1/referrals/out/:id',
      'GET /api/v1/reports/labels/medication',
      'GET /api/v1/reports/mc',
      'GET /api/v1/reports/referrals/:id',
      'GET /api/v1/visit-facts/:id',
      'GET /api/v1/visits/:id/dispensing',
      'GET /api/v1/visits/:id/note',
      'GET /api/v1/visits/:id/prescriptions',
      'GET /api/v1/visits/:id/prescriptions/lines',
      'GET /api/v1/visits/:id/prescriptions/medication',
    ]);
    for (const route of clinical) {
      const [resource] = answeredClinicalResources(route.schemas.response);
      const name = `${route.method} ${route.url}`;
      if (route.method === 'GET') {
        expect(route.access, name).toMatchObject({ permission: `${resource}:read` });
        expect(route.audit, name).toMatchObject({ action: 'read' });
      } else {
        // A change answers what it wrote: a permission of that resource, and audited.
        expect(route.access, name).toMatchObject({
          permission: expect.stringMatching(new RegExp(`^${resource}:`)),
        });
        expect(route.audit, name).toMatchObject({ action: expect.any(String) });
        expect(route.audit, name).not.toHaveProperty('none');
      }
    }
  });

  it('every route requiring a clinical read permission audits what it reads', () => {
    for (const route of t.app.routeTable) {
      if (route.access === 'public' || !isClinicalRead(route.access.permission)) continue;
      // Terminology and option lists (SNOMED CT, allergens, reaction codes) answer no
      // patient's record: they declare why they write no row (the audit sweep lists them).
      if (
        route.audit &&
        'none' in route.audit &&
        answeredClinicalResources(route.schemas.response).size === 0
      )
        continue;
      expect(route.audit, `${route.method} ${route.url}`).toMatchObject({ action: 'read' });
      expect(route.access, `${route.method} ${route.url}`).not.toMatchObject({ display: true });
    }
  });

  it('the front desk and finance roles read no diagnoses and no prescriptions', () => {
    for (const role of ['Front desk', 'Finance'] as const) {
      const permissions: readonly Permission[] = SYSTEM_ROLES[role];
      expect(allows(permissions, 'diagnoses:read'), role).toBe(false);
      expect(allows(permissions, 'prescriptions:read'), role).toBe(false);
    }
    expect(allows(SYSTEM_ROLES.Doctor, 'diagnoses:read')).toBe(true);
  });
});

describe('a visit of another branch', () => {
  let branchB: string;
  let visitId: string;
  let patientId: string;
  let desk: TestUser;
  let doctor: TestUser;

  beforeAll(async () => {
    // The visit happens in branch B; the readers work in branch A only.
    branchB = await addBranch(t, clinic, 'POLB');
    const admin = await addUser(t, clinic, 'Administrator', { branchIds: [branchB] });
    const doctorOfB = await addUser(t, clinic, '50', { branchIds: [branchB] });
    const patient = await t.call('POST', '/api/v1/patients', {
      token: admin.token,
      branchId: branchB,
      body: patientBody(),
    });
    expectStatus(patient, 201);
    patientId = patient.body.data.patientId;
    expectStatus(
      await t.call('POST', '/api/v1/queue', {
        token: admin.token,
        branchId: branchB,
        body: { patientId, doctorId: doctorOfB.id, visitPurposes: ['Consultation'] },
      }),
      201,
    );
    visitId = await withTenant(t.database.db, clinic.tenantId, async (tx) => {
      const visit = await tx.db
        .selectFrom('visits')
        .select('id')
        .where('patientId', '=', patientId)
        .executeTakeFirstOrThrow();
      await tx.db
        .insertInto('diagnoses')
        .values({
          tenantId: clinic.tenantId,
          visitId: visit.id,
          patientId,
          code: 'E11.9',
          description: 'Type 2 diabetes mellitus',
        })
        .execute();
      await tx.db
        .insertInto('prescriptions')
        .values({
          tenantId: clinic.tenantId,
          visitId: visit.id,
          patientId,
          itemCode: 'MET500',
          itemName: 'Metformin 500 mg',
        })
        .execute();
      return visit.id;
    });
    desk = await addUser(t, clinic, 'Front Desk', { branchIds: [clinic.branchId] });
    doctor = await addUser(t, clinic, '50', { branchIds: [clinic.branchId] });
  });

  const auditRows = () =>
    withTenant(t.database.db, clinic.tenantId, (tx) =>
      tx.db
        .selectFrom('auditEvents')
        .selectAll()
        .where('patientId', '=', patientId)
        .orderBy('happenedAt')
        .execute(),
    );

  it('is refused to the front desk of branch A: no diagnosis, no prescription, no audit row', async () => {
    // The attack: a front-desk user read a diagnosis of another branch.
    const caller = { token: desk.token, branchId: clinic.branchId };
    const before = (await auditRows()).length;
    for (const url of [
      `/api/v1/diagnosis?visitId=${visitId}`,
      `/api/v1/visits/${visitId}/prescriptions`,
    ]) {
      const refused = await t.call('GET', url, caller);
      expect(refused.status, url).toBe(403);
      expect(refused.body).toEqual({
        error: { code: 'access.roleRefusal', message: refusalMessage('access.roleRefusal') },
      });
      expect(JSON.stringify(refused.body)).not.toMatch(/diabetes|Metformin/);
    }
    expect(await auditRows()).toHaveLength(before);
  });

  it('is read by a doctor of branch A (clinic-wide), and each read is audited', async () => {
    const caller = { token: doctor.token, branchId: clinic.branchId };
    const diagnoses = await t.call('GET', `/api/v1/diagnosis?visitId=${visitId}`, caller);
    expectStatus(diagnoses, 200);
    expect(diagnoses.body.data.items).toEqual([
      expect.objectContaining({ code: 'E11.9', description: 'Type 2 diabetes mellitus' }),
    ]);
    const prescriptions = await t.call('GET', `/api/v1/visits/${visitId}/prescriptions`, caller);
    expectStatus(prescriptions, 200);
    expect(prescriptions.body.data.items).toEqual([
      expect.objectContaining({ itemName: 'Metformin 500 mg' }),
    ]);
    const rows = (await auditRows()).filter((row) => row.userId === doctor.id);
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'read',
        entity: 'visit',
        entityId: visitId,
        branchId: clinic.branchId,
        detail: { record: 'diagnoses' },
      }),
      expect.objectContaining({
        action: 'read',
        entity: 'visit',
        entityId: visitId,
        branchId: clinic.branchId,
        detail: { record: 'prescriptions' },
      }),
    ]);
  });
});
