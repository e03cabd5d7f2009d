import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import {
  addBranch,
  addUser,
  expectStatus,
  newClinic,
  patientBody,
  todayStart,
} from '../../../test/helpers.ts';
import { withTenant } from '../../db/tenant-db.ts';

const { t, clinic, admin, users } = setupApiTest({
  config: { socketSessionCheckMs: 200 },
  users: { doctor: { type: '50', firstName: 'Benjamin' } },
});

async function enqueue(caller = admin) {
  const patient = await t.call('POST', '/api/v1/patients', { ...caller, body: patientBody() });
  const entry = await t.call('POST', '/api/v1/queue', {
    ...caller,
    body: {
      patientId: patient.body.data.patientId,
      doctorId: users.doctor.id,
      visitPurposes: ['Consultation'],
    },
  });
  expectStatus(entry, 201);
  return entry.body.data as { id: string; queueNum: string; version: number };
}

const put = (path: string, body?: unknown) =>
  t.call('PUT', `/api/v1/queue${path}`, { ...admin, body });
const board = (query = '', caller: { token: string; branchId?: string } = admin) =>
  t.call('GET', `/api/v1/queue/display?visitDate=${todayStart()}${query}`, caller);

describe('the board', () => {
  it('shows current calls, the waiting line and the room services, and never a name', async () => {
    const waiting = await enqueue();
    const called = await enqueue();
    const done = await enqueue();
    await put(`/${called.id}/room-service`, {
      roomService: 'Consultation Room 1',
      version: called.version,
    });
    await put(`/${called.id}/call-in`);
    await put(`/${done.id}/room-service`, { roomService: 'Pharmacy', version: done.version });
    await put(`/${done.id}/call-in`);
    await put(`/${done.id}/consult-out`);
    await put(`/${waiting.id}/room-service`, {
      roomService: 'Treatment Room',
      version: waiting.version,
    });

    const response = await board();
    expectStatus(response, 200);
    const { current, next, roomServices } = response.body.data;
    expect(current.map((e: { id: string }) => e.id)).toEqual([called.id]);
    expect(next.map((e: { id: string }) => e.id)).toEqual([waiting.id]);
    expect(
      roomServices.map((e: { roomService: string; suffix: string }) => [e.roomService, e.suffix]),
    ).toEqual([
      ['Treatment Room', 'pending'],
      ['Consultation Room 1', 'in progress'],
      ['Pharmacy', 'Completed'],
    ]);
    expect(JSON.stringify(response.body)).not.toMatch(/patientName|nric|Test Patient/);

    const ticked = await board(`&status=${encodeURIComponent(JSON.stringify(['Pharmacy']))}`);
    expect(
      ticked.body.data.roomServices.map((e: { roomService: string }) => e.roomService),
    ).toEqual(['Pharmacy']);
    const malformed = await board('&status=not-json');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.errors[0].field).toBe('status');
  });

  it("takes the doctor's room and waiting area, and filters by area", async () => {
    const areas = await t.call('GET', '/api/v1/queue/waiting-areas?page=1&pageSize=999', admin);
    const [main, upstairs] = areas.body.data.items as Array<{ id: string }>;
    const saved = await t.call('PUT', `/api/v1/queue/doctor-rooms/${users.doctor.id}`, {
      ...admin,
      body: { roomName: 'Room 7', areaID: upstairs!.id },
    });
    expectStatus(saved, 200);
    expect(saved.body.data).toMatchObject({ roomName: 'Room 7', areaID: upstairs!.id, version: 1 });
    const entry = await enqueue();
    const upstairsBoard = await board(`&areaID=${upstairs!.id}`);
    expect(upstairsBoard.body.data.next).toContainEqual(
      expect.objectContaining({ id: entry.id, roomName: 'Room 7', areaID: upstairs!.id }),
    );
    const mainBoard = await board(`&areaID=${main!.id}`);
    expect(mainBoard.body.data.next.map((e: { id: string }) => e.id)).not.toContain(entry.id);
    const room = (body: Record<string, unknown>) =>
      t.call('PUT', `/api/v1/queue/doctor-rooms/${users.doctor.id}`, { ...admin, body });
    const moved = await room({ roomName: 'Room 8', areaID: upstairs!.id, version: 1 });
    expectStatus(moved, 200);
    expect(moved.body.data).toMatchObject({ roomName: 'Room 8', version: 2 });
    for (const stale of [{ version: 1 }, {}]) {
      const lost = await room({ roomName: 'Room 9', areaID: null, ...stale });
      expect(lost.status).toBe(409);
    }
    const rooms = await t.call('GET', '/api/v1/queue/doctor-rooms', admin);
    expect(rooms.body.data.items).toContainEqual(
      expect.objectContaining({ doctorId: users.doctor.id, roomName: 'Room 8', version: 2 }),
    );
    // A disabled doctor has no room to set.
    const retired = await addUser(t, clinic, '50', { firstName: 'Retired' });
    await withTenant(t.database.db, clinic.tenantId, (tx) =>
      tx.db.updateTable('users').set({ isActive: false }).where('id', '=', retired.id).execute(),
    );
    const listed = await t.call('GET', '/api/v1/queue/doctor-rooms', admin);
    expect(listed.body.data.items.map((r: { doctorId: string }) => r.doctorId)).not.toContain(
      retired.id,
    );
    const badArea = await t.call('PUT', `/api/v1/queue/doctor-rooms/${users.doctor.id}`, {
      ...admin,
      body: { roomName: 'Room 7', areaID: '00000000-0000-4000-8000-000000000000', version: 2 },
    });
    expect(badArea.body.error.errors).toEqual([
      {
        field: 'areaID',
        message: 'Please choose a waiting area of this branch.',
        code: 'queueDisplay.areaNotHere',
      },
    ]);
  });
});

describe('display links', () => {
  it('open the board of one branch and nothing else, until revoked', async () => {
    const created = await t.call('POST', '/api/v1/queue/display-links', {
      ...admin,
      body: { name: 'Waiting room TV' },
    });
    expectStatus(created, 201);
    const { token, path, id } = created.body.data;
    expect(token).toMatch(/^dsp_/);
    expect(path).toBe(`/MAIN/queue-display?key=${token}`);

    const display = { token };
    expectStatus(await board('', display), 200);
    const identity = await t.call('GET', '/api/v1/queue/display/identity', display);
    expect(identity.body.data).toMatchObject({ branchId: clinic.branchId, branchCode: 'MAIN' });
    expectStatus(
      await t.call('GET', '/api/v1/queue/room-services?page=1&pageSize=999', display),
      200,
    );
    for (const [method, url] of [
      ['GET', `/api/v1/queue?visitDate=${todayStart()}`],
      ['GET', '/api/v1/patients/option?keyword=Test'],
      ['GET', '/api/v1/branches/current'],
      ['GET', '/api/v1/queue/display-links'],
      ['POST', '/api/v1/sign-out'],
    ] as const) {
      expect(
        (await t.call(method, url, { ...display, branchId: clinic.branchId })).status,
        url,
      ).toBe(401);
    }
    const east = await addBranch(t, clinic, 'LINKEAST');
    expect((await board('', { token, branchId: east })).status).toBe(403);

    const listed = await t.call('GET', '/api/v1/queue/display-links', admin);
    expect(listed.body.data.items).toContainEqual(
      expect.objectContaining({ id, name: 'Waiting room TV', revokedAt: null }),
    );
    expectStatus(await t.call('DELETE', `/api/v1/queue/display-links/${id}`, admin), 200);
    expect((await board('', display)).status).toBe(401);
  });

  it('only administrators issue and revoke them, in their own clinic', async () => {
    const desk = await addUser(t, clinic, 'Front Desk');
    const refused = await t.call('POST', '/api/v1/queue/display-links', {
      token: desk.token,
      branchId: clinic.branchId,
      body: { name: 'TV' },
    });
    expect(refused.status).toBe(403);
    const created = await t.call('POST', '/api/v1/queue/display-links', {
      ...admin,
      body: { name: 'TV 2' },
    });
    const other = await newClinic(t);
    const foreign = await t.call('DELETE', `/api/v1/queue/display-links/${created.body.data.id}`, {
      token: other.token,
      branchId: other.branchId,
    });
    expect(foreign.status).toBe(404);
    const noName = await t.call('POST', '/api/v1/queue/display-links', {
      ...admin,
      body: { name: ' ' },
    });
    expect(noName.body.error.errors).toEqual([
      { field: 'name', message: 'The name field is required.', code: 'field.invalid' },
    ]);
  });

  it("a board's socket rings without names, and closes when the link is revoked", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const created = await t.call('POST', '/api/v1/queue/display-links', {
      ...admin,
      body: { name: 'Socket TV' },
    });
    const socket = new WebSocket(
      `ws://127.0.0.1:${port}/api/v1/notifications/ws?token=${created.body.data.token}`,
    );
    const messages: Array<{
      eventCode: string;
      data: Record<string, unknown>;
      message: string | null;
    }> = [];
    let closeCode: number | undefined;
    socket.addEventListener('message', (event) => messages.push(JSON.parse(String(event.data))));
    socket.addEventListener('close', (event) => (closeCode = event.code));
    await new Promise((resolve, reject) => {
      socket.addEventListener('open', resolve, { once: true });
      socket.addEventListener('error', reject, { once: true });
    });
    const entry = await enqueue();
    await put(`/${entry.id}/call-in`);
    const deadline = Date.now() + 10_000;
    while (!messages.some((m) => m.eventCode === 'ring') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    const ring = messages.find((m) => m.eventCode === 'ring');
    expect(ring?.data).toMatchObject({ id: entry.id, queueNum: entry.queueNum });
    expect(ring?.data.patientName).toBeUndefined();
    expect(messages.every((m) => m.message === null && m.data.patientName === undefined)).toBe(
      true,
    );

    await t.call('DELETE', `/api/v1/queue/display-links/${created.body.data.id}`, admin);
    const closing = Date.now() + 10_000;
    while (closeCode === undefined && Date.now() < closing)
      await new Promise((r) => setTimeout(r, 50));
    expect(closeCode).toBe(4401);
  });
});
