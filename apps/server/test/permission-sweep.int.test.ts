import { isPermission, moduleOfPermission, refusalMessage } from '@clinic/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApiTest } from './api-fixture.ts';
import { SIGNED_IN, type ApiRoute } from '../src/platform/access.ts';
import { addUser, createRole, expectStatus, patientBody, todayStart } from './helpers.ts';
import { sampleRequest, type IdBook } from './route-samples.ts';

/**
 * Permissions, swept over the route table (so routes added later are covered without
 * editing this file): every API route declares a permission, of its own module, and a
 * signed-in user whose role allows nothing is refused on every route that needs one.
 */

/** The routes every signed-in user may call, whatever their role: adding one is a decision. */
const SIGNED_IN_ROUTES = [
  'POST /api/v1/sign-out',
  'PUT /api/v1/accounts/password',
  'GET /api/v1/timeout',
  'GET /api/v1/branches/current',
  'GET /api/v1/branches/options',
  // Reference lists the forms need (no patient's data in them).
  'GET /api/v1/tel-codes/options',
  'GET /api/v1/tel-codes/default',
  'GET /api/v1/identificationtype/options',
  'GET /api/v1/nationalities/options',
  'GET /api/v1/gender/options',
  'GET /api/v1/patients/card-prefixes/options',
  'GET /api/v1/doctors/options',
  'GET /api/v1/companies/options',
  'GET /api/v1/dictionary/options',
  // The branch's letterhead every printout starts with (no patient's data in it).
  'GET /api/v1/reports/header',
  'GET /api/v1/reports/:branchId/logo',
  'GET /api/v1/document-categories/options',
  // The billing forms' lists: tax options and payment methods.
  'GET /api/v1/tax/options',
  'GET /api/v1/settings/paymentMethod',
  // One company's bill-to block (name, address, credit terms), read by the invoice form.
  'GET /api/v1/companies/:id',
  // The branch's printer footer, printed with the letterhead (no patient's data in it).
  'GET /api/v1/printer/footer/:kind',
].sort();

const { t, clinic, admin, users } = setupApiTest({ users: { doctor: { type: '50' } } });
let nobody: { id: string; token: string };
/** The same role held by a console user: the console's routes refuse other users earlier. */
let consoleNobody: { id: string; token: string };
let ids: IdBook;

beforeAll(async () => {
  const noRole = await createRole(t, clinic, 'Nobody');
  nobody = await addUser(t, clinic, 'Front Desk', { roleIds: [noRole] });
  consoleNobody = await addUser(t, clinic, 'Administrator', { roleIds: [noRole] });
  const doctor = users.doctor;

  // Real ids, so a refusal is the permission's and not a missing record's.
  const patient = await t.call('POST', '/api/v1/patients', { ...admin, body: patientBody() });
  expectStatus(patient, 201);
  const patientId = patient.body.data.patientId as string;
  const entry = await t.call('POST', '/api/v1/queue', {
    ...admin,
    body: { patientId, doctorId: doctor.id, visitPurposes: ['Consultation'] },
  });
  expectStatus(entry, 201);
  const link = await t.call('POST', '/api/v1/queue/display-links', {
    ...admin,
    body: { name: 'Waiting room TV' },
  });
  expectStatus(link, 201);
  const visits = await t.call('GET', `/api/v1/visits?patientId=${patientId}`, admin);
  ids = {
    patientId,
    patientID: patientId,
    doctorId: doctor.id,
    doctorID: doctor.id,
    visitId: visits.body.data.items[0].id as string,
    exchangeId: entry.body.data.id as string,
    id: entry.body.data.id as string,
    uid: nobody.id,
    list: 'roomService',
    subdomain: clinic.subdomain,
  };
}, 60_000);

const key = (route: ApiRoute) => `${route.method} ${route.url}`;
const guarded = () => t.app.routeTable.filter((route) => route.access !== 'public');

describe('every API route declares its permission', () => {
  it('a permission of the route module, or the signed-in marker on the listed routes', () => {
    const routes = guarded();
    expect(routes.length).toBeGreaterThan(40);
    const problems: string[] = [];
    const signedIn: string[] = [];
    for (const route of routes) {
      if (route.access === 'public') continue;
      const { permission, module } = route.access;
      if (permission === SIGNED_IN) {
        signedIn.push(key(route));
      } else if (!isPermission(permission)) {
        problems.push(`${key(route)}: unknown permission ${String(permission)}`);
      } else if (moduleOfPermission(permission) !== module) {
        problems.push(`${key(route)}: ${permission} is not of module ${module ?? 'none'}`);
      }
    }
    expect(problems).toEqual([]);
    expect(signedIn.sort()).toEqual(SIGNED_IN_ROUTES);
  });
});

describe('a role that allows nothing', () => {
  it('is refused with 403 on every route that needs a permission, before the handler runs', async () => {
    const refusals: string[] = [];
    const routes = guarded().filter(
      (route) => route.access !== 'public' && route.access.permission !== SIGNED_IN,
    );
    for (const route of routes) {
      let response;
      if (route.websocket) {
        response = await t.call(
          'GET',
          `${route.url}?branchId=${clinic.branchId}&token=${nobody.token}`,
        );
      } else {
        const request = sampleRequest(route, ids, todayStart() + 3600);
        response = await t.call(request.method, request.url, {
          token:
            route.access !== 'public' && route.access.console ? consoleNobody.token : nobody.token,
          branchId: clinic.branchId,
          body: request.body,
        });
      }
      if (
        response.status !== 403 ||
        response.body?.error?.code !== 'access.roleRefusal' ||
        response.body?.error?.message !== refusalMessage('access.roleRefusal')
      )
        refusals.push(
          `${key(route)} answered ${response.status}: ${JSON.stringify(response.body)}`,
        );
    }
    expect(refusals).toEqual([]);
  });

  it('still reaches every route any signed-in user may call', async () => {
    for (const url of [
      '/api/v1/timeout',
      '/api/v1/branches/current',
      '/api/v1/branches/options',
      '/api/v1/gender/options',
    ]) {
      const response = await t.call('GET', url, { token: nobody.token, branchId: clinic.branchId });
      expect(response.status, url).toBe(200);
    }
  });

  it('leaves the administrator refused nowhere for want of a permission', async () => {
    for (const route of guarded().filter((r) => !r.websocket && !r.url.endsWith('/sign-out'))) {
      const request = sampleRequest(route, ids, todayStart() + 3600);
      const response = await t.call(request.method, request.url, {
        token: clinic.token,
        branchId: clinic.branchId,
        body: request.body,
      });
      expect(response.body?.error?.code, key(route)).not.toBe('access.roleRefusal');
    }
  });
});
