import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApiTest } from '../../test/api-fixture.ts';
import { expectStatus, patientBody } from '../../test/helpers.ts';
import { withTenant } from '../db/tenant-db.ts';
import { installAccessGuard, tenantRunner } from './access.ts';
import { requireAuditDeclarations, type RouteAudit } from './audit.ts';
import { installErrorHandling } from './error-handler.ts';

const { t, clinic, admin } = setupApiTest();
let patientId: string;
let audited: FastifyInstance;

const access = {
  module: 'clinic.patient',
  branch: 'required',
  permission: 'patients:update',
} as const;
const rule = (field: string): RouteAudit => ({
  action: 'update',
  entity: 'patient',
  id: { from: 'answer', field },
  detail: { field: 'name' },
});

/** Renames the patient in the route's transaction and answers `{ patientId }`. */
function renaming(app: FastifyInstance, url: string, audit: RouteAudit, transactions = 1) {
  app.put<{ Body: { name: string } }>(url, { config: { access, audit } }, async (request) => {
    const run = tenantRunner(t.database.db, request);
    for (let i = 0; i < transactions; i += 1) {
      await run(async (tx) => {
        await tx.db
          .updateTable('patients')
          .set({ name: request.body.name })
          .where('id', '=', patientId)
          .execute();
        return { patientId };
      });
    }
    return { data: true };
  });
}

beforeAll(async () => {
  const created = await t.call('POST', '/api/v1/patients', { ...admin, body: patientBody() });
  expectStatus(created, 201);
  patientId = created.body.data.patientId;
  // A small app with the real guard and audit, on the real database.
  audited = Fastify();
  installErrorHandling(audited);
  installAccessGuard(audited, t.database.db, async () => {});
  requireAuditDeclarations(audited);
  renaming(audited, '/api/v1/rename', rule('patientId'));
  renaming(audited, '/api/v1/rename-twice', rule('patientId'), 2);
  renaming(audited, '/api/v1/rename-misdeclared', rule('noSuchField'));
  await audited.ready();
});
afterAll(() => audited.close());

const rename = (url: string, name: string) =>
  audited.inject({
    method: 'PUT',
    url,
    headers: { authorization: `Bearer ${admin.token}`, branchid: admin.branchId },
    payload: { name },
  });

async function patientState() {
  return withTenant(t.database.db, clinic.tenantId, async (tx) => ({
    name: (
      await tx.db
        .selectFrom('patients')
        .select('name')
        .where('id', '=', patientId)
        .executeTakeFirstOrThrow()
    ).name,
    rows: await tx.db
      .selectFrom('auditEvents')
      .select(['action', 'entity', 'entityId', 'patientId', 'detail'])
      .where('patientId', '=', patientId)
      .where('action', '=', 'update')
      .execute(),
  }));
}

describe('the declared audit row', () => {
  it('is written in the transaction of the change: when it cannot be, the change is undone', async () => {
    const before = await patientState();
    const response = await rename('/api/v1/rename-misdeclared', 'Never Saved');
    expect(response.statusCode).toBe(500);
    expect(await patientState()).toEqual(before);
  });

  it('is written once per request, with the change', async () => {
    expect((await rename('/api/v1/rename', 'Renamed Once')).statusCode).toBe(200);
    expect((await rename('/api/v1/rename-twice', 'Renamed Twice')).statusCode).toBe(200);
    const row = { action: 'update', entity: 'patient', entityId: patientId, patientId };
    expect(await patientState()).toEqual({
      name: 'Renamed Twice',
      rows: [
        { ...row, detail: { field: 'name' } },
        { ...row, detail: { field: 'name' } },
      ],
    });
  });

  it('is kept: the API role may add rows, never change or remove them', async () => {
    const own = (work: Parameters<typeof withTenant>[2]) =>
      withTenant(t.database.db, clinic.tenantId, work);
    await expect(
      own((tx) => tx.db.updateTable('auditEvents').set({ action: 'read' }).execute()),
    ).rejects.toThrow(/permission denied/);
    await expect(own((tx) => tx.db.deleteFrom('auditEvents').execute())).rejects.toThrow(
      /permission denied/,
    );
    expect((await patientState()).rows).toHaveLength(2);
  });

  it('must be declared by every route on a patient record', () => {
    const app = Fastify();
    requireAuditDeclarations(app);
    expect(() =>
      app.get('/api/v1/undeclared', { config: { access } }, () => ({ data: true })),
    ).toThrow(/GET \/api\/v1\/undeclared reads or writes a patient's record \(patients:update\)/);
  });
});
