import { describe, expect, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import { addBranch, addUser, expectStatus, newClinic } from '../../../test/helpers.ts';

const { t, clinic, users } = setupApiTest({ users: { desk: { type: 'Front Desk' } } });
const desk = users.desk;

const admin = () => ({ token: clinic.token, branchId: clinic.branchId });
const items = async (path: string, caller: { token: string; branchId: string } = desk) => {
  const response = await t.call('GET', `/api/v1${path}`, caller);
  expectStatus(response, 200);
  return response.body.data.items as Array<Record<string, unknown>>;
};

describe('the option lists of the front desk', () => {
  it('answers each list in the shape the spec names, seeded with sensible defaults', async () => {
    const telCodes = await items('/tel-codes/options');
    expect(telCodes[0]).toEqual({ code: '+65', name: 'Singapore' });
    expect((await t.call('GET', '/api/v1/tel-codes/default', desk)).body.data).toEqual({
      code: '+65',
      name: 'Singapore',
    });
    expect(await items('/tel-codes/options?keyword=malay')).toEqual([
      { code: '+60', name: 'Malaysia' },
    ]);
    expect((await items('/identificationtype/options')).map((o) => o.code)).toEqual([
      'NRIC',
      'SP',
      'SB',
      'SH',
      'FIN',
      'PP',
      'NA',
    ]);
    expect((await items('/nationalities/options')).slice(0, 6).map((o) => o.name)).toEqual([
      'Singapore',
      'Malaysia',
      'India',
      'Indonesia',
      'Thailand',
      'Taiwan',
    ]);
    expect(await items('/gender/options')).toEqual([
      { code: 'M', name: 'Male' },
      { code: 'F', name: 'Female' },
    ]);
    expect((await items('/queue/queue-status/options')).slice(0, 3)).toEqual([
      { code: 'Pending', color: '#B45309' },
      { code: 'Consult In', color: '#1D4ED8' },
      { code: 'Consult Out', color: '#15803D' },
    ]);
    expect((await items('/queue/visit-purposes/option'))[0]).toEqual({ code: 'Consultation' });
    const prefixes = await items('/patients/card-prefixes/options');
    expect(prefixes.map((p) => p.prefix)).toEqual(['P', 'C', 'Custom']);
    expect(prefixes.at(-1)).toEqual({ id: -1, prefix: 'Custom' });
    const rooms = await t.call('GET', '/api/v1/queue/room-services?page=1&pageSize=999', desk);
    expect(rooms.body.data.total).toBe(5);
    expect(rooms.body.data.items[0]).toEqual({
      id: expect.any(String),
      name: 'Consultation Room 1',
      isActive: true,
    });
    const areas = await items('/queue/waiting-areas?page=1&pageSize=999');
    expect(areas[0]).toEqual({ id: expect.any(String), description: 'Main Waiting Area' });
  });

  it('lists the doctors of the branch with their off-duty flag and type', async () => {
    const onDuty = await addUser(t, clinic, '50', { firstName: 'Alan' });
    const offDuty = await addUser(t, clinic, '50', { firstName: 'Zoe', offDuty: true });
    await addUser(t, clinic, 'Nurse');
    const east = await addBranch(t, clinic, 'DOCEAST');
    await addUser(t, clinic, '50', { firstName: 'Elsewhere', branchIds: [east] });
    const doctors = await items('/doctors/options');
    expect(doctors).toEqual([
      { id: onDuty.id, fullName: 'Alan Test', offDuty: false, userType: '50' },
      { id: offDuty.id, fullName: 'Zoe Test', offDuty: true, userType: '50' },
    ]);
  });

  it('keeps room services and waiting areas per branch', async () => {
    const east = await addBranch(t, clinic, 'ROOMEAST');
    const eastDesk = {
      token: (await addUser(t, clinic, 'Front Desk', { branchIds: [east] })).token,
      branchId: east,
    };
    const created = await t.call('POST', '/api/v1/settings/lists/roomService', {
      ...admin(),
      body: { code: 'Physio Room' },
    });
    expectStatus(created, 201);
    expect((await items('/queue/room-services')).map((r) => r.name)).toContain('Physio Room');
    expect((await items('/queue/room-services', eastDesk)).map((r) => r.name)).not.toContain(
      'Physio Room',
    );
  });
});

describe('administration of the lists', () => {
  it('an administrator adds, changes and removes entries, with versions', async () => {
    const created = await t.call('POST', '/api/v1/settings/lists/visitPurpose', {
      ...admin(),
      body: { code: 'Travel Vaccination', sortOrder: 50 },
    });
    expectStatus(created, 201);
    const option = created.body.data;
    expect(option).toMatchObject({
      code: 'Travel Vaccination',
      name: 'Travel Vaccination',
      isActive: true,
      version: 1,
    });
    expect((await items('/queue/visit-purposes/option')).map((o) => o.code)).toContain(
      'Travel Vaccination',
    );

    const path = `/api/v1/settings/lists/visitPurpose/${option.id}`;
    const updated = await t.call('PUT', path, {
      ...admin(),
      body: { code: 'Travel Vaccination', isActive: false, version: 1 },
    });
    expect(updated.body.data).toMatchObject({ isActive: false, version: 2 });
    expect((await items('/queue/visit-purposes/option')).map((o) => o.code)).not.toContain(
      'Travel Vaccination',
    );
    const stale = await t.call('PUT', path, { ...admin(), body: { code: 'Travel', version: 1 } });
    expect(stale.status).toBe(409);
    const all = await t.call('GET', '/api/v1/settings/lists/visitPurpose', admin());
    expect(all.body.data.items.find((o: { id: string }) => o.id === option.id)).toMatchObject({
      isActive: false,
    });

    expect((await t.call('DELETE', path, { ...admin(), body: { version: 1 } })).status).toBe(409);
    expectStatus(await t.call('DELETE', path, { ...admin(), body: { version: 2 } }), 200);
    expect((await t.call('DELETE', path, { ...admin(), body: { version: 3 } })).status).toBe(404);
  });

  it('keeps one default per list and refuses a duplicate code', async () => {
    const created = await t.call('POST', '/api/v1/settings/lists/telCode', {
      ...admin(),
      body: { code: '+673', name: 'Brunei', isDefault: true },
    });
    expectStatus(created, 201);
    expect((await t.call('GET', '/api/v1/tel-codes/default', desk)).body.data).toEqual({
      code: '+673',
      name: 'Brunei',
    });
    const duplicate = await t.call('POST', '/api/v1/settings/lists/telCode', {
      ...admin(),
      body: { code: '+673' },
    });
    expect(duplicate.body.error.errors).toEqual([
      { field: 'code', message: 'This code is already in the list.', code: 'option.codeTaken' },
    ]);
    const badColour = await t.call('POST', '/api/v1/settings/lists/queueStatus', {
      ...admin(),
      body: { code: 'X-ray', color: 'red' },
    });
    expect(badColour.body.error.errors[0].field).toBe('color');
    const unknownList = await t.call('GET', '/api/v1/settings/lists/bloodGroups', admin());
    expect(unknownList.body.error.errors[0].field).toBe('list');
  });

  it('lets the rule statuses be recoloured but never renamed, switched off or removed', async () => {
    const statuses = await t.call('GET', '/api/v1/settings/lists/queueStatus', admin());
    const consultIn = statuses.body.data.items.find(
      (o: { code: string }) => o.code === 'Consult In',
    );
    const path = `/api/v1/settings/lists/queueStatus/${consultIn.id}`;
    const base = { code: 'Consult In', version: consultIn.version };
    for (const change of [{ code: 'With doctor' }, { isActive: false }]) {
      const refused = await t.call('PUT', path, { ...admin(), body: { ...base, ...change } });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toMatch(/^Pending, Consult In and Consult Out are part/);
    }
    const removed = await t.call('DELETE', path, { ...admin(), body: { version: base.version } });
    expect(removed.status).toBe(400);
    const recoloured = await t.call('PUT', path, {
      ...admin(),
      body: { ...base, color: '#336699' },
    });
    expectStatus(recoloured, 200);
    expect(recoloured.body.data).toMatchObject({ code: 'Consult In', color: '#336699' });
  });

  it('only administrators may change the lists, and only their own clinic', async () => {
    const refused = await t.call('POST', '/api/v1/settings/lists/visitPurpose', {
      ...desk,
      body: { code: 'Sneaky' },
    });
    expect(refused.status).toBe(403);
    const other = await newClinic(t);
    const mine = (await t.call('GET', '/api/v1/settings/lists/gender', admin())).body.data.items[0];
    const foreign = await t.call('PUT', `/api/v1/settings/lists/gender/${mine.id}`, {
      token: other.token,
      branchId: other.branchId,
      body: { code: 'X', version: mine.version },
    });
    expect(foreign.status).toBe(404);
    expect((await items('/gender/options')).map((g) => g.code)).toEqual(['M', 'F']);
  });
});
