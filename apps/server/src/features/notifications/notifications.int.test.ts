import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import {
  addBranch,
  addUser,
  createRole,
  expectStatus,
  newClinic,
  patientBody,
  setRole,
  startTestApp,
  unique,
  type Clinic,
  type TestApp,
} from '../../../test/helpers.ts';
import { withTenant } from '../../db/tenant-db.ts';

interface Received {
  eventCode: string;
  data: Record<string, unknown>;
  message: string | null;
}

/** A real WebSocket client that keeps what it receives. */
class Listener {
  readonly messages: Received[] = [];
  readonly socket: WebSocket;
  closeCode: number | undefined;

  constructor(url: string) {
    this.socket = new WebSocket(url);
    this.socket.addEventListener('message', (event) =>
      this.messages.push(JSON.parse(String(event.data)) as Received),
    );
    this.socket.addEventListener('close', (event) => (this.closeCode = event.code));
  }

  opened(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.socket.addEventListener('open', () => resolve(), { once: true });
      this.socket.addEventListener('error', () => reject(new Error('socket refused')), {
        once: true,
      });
    });
  }

  async waitFor(eventCode: string, timeoutMs = 5000): Promise<Received> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find((message) => message.eventCode === eventCode);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(
          `no ${eventCode} within ${timeoutMs} ms; got ${this.messages.map((m) => m.eventCode).join(', ')}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  close(): void {
    this.socket.close();
  }
}

const { t, clinic, users } = setupApiTest({
  config: { socketSessionCheckMs: 200 },
  users: { doctor: { type: '50' } },
});
let base: string;
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1/notifications/ws`;
});

const socketUrl = (token: string, branchId: string) =>
  `${base}?branchId=${branchId}&token=${encodeURIComponent(token)}`;

async function listen(token: string, branchId: string): Promise<Listener> {
  const listener = new Listener(socketUrl(token, branchId));
  await listener.opened();
  return listener;
}

async function enqueue(app: TestApp, c: Clinic, doctor: string) {
  const patient = await app.call('POST', '/api/v1/patients', {
    token: c.token,
    branchId: c.branchId,
    body: patientBody(),
  });
  expectStatus(patient, 201);
  const entry = await app.call('POST', '/api/v1/queue', {
    token: c.token,
    branchId: c.branchId,
    body: {
      patientId: patient.body.data.patientId,
      doctorId: doctor,
      visitPurposes: ['Consultation'],
    },
  });
  expectStatus(entry, 201);
  return entry.body.data as { id: string; queueNum: string; patientName: string; version: number };
}

describe('notification socket', () => {
  it('delivers each queue event of the branch after commit, with a message for people where the spec shows one', async () => {
    const socket = await listen(clinic.token, clinic.branchId);
    const entry = await enqueue(t, clinic, users.doctor.id);
    const added = await socket.waitFor('queueAdded');
    expect(added.data).toMatchObject({
      id: entry.id,
      queueNum: entry.queueNum,
      branchId: clinic.branchId,
    });

    const put = (path: string, body?: unknown) =>
      t.call('PUT', `/api/v1/queue/${entry.id}${path}`, {
        token: clinic.token,
        branchId: clinic.branchId,
        body,
      });
    await put('/remark', { remark: 'hello', version: entry.version });
    expect((await socket.waitFor('queueUpdated')).data.id).toBe(entry.id);
    await put('/call-in');
    const called = await socket.waitFor('queueCalledIn');
    expect(called.message).toBe(`Queue ${entry.queueNum} (${entry.patientName}) is called in.`);
    await socket.waitFor('ring');
    await put('/consult-out');
    expect((await socket.waitFor('queueConsultedOut')).message).toBe(
      `Queue ${entry.queueNum} (${entry.patientName}) has timed out.`,
    );
    socket.close();
  });

  it('tells a voided entry with its reason', async () => {
    const socket = await listen(clinic.token, clinic.branchId);
    const entry = await enqueue(t, clinic, users.doctor.id);
    await t.call('DELETE', `/api/v1/queue/${entry.id}`, {
      token: clinic.token,
      branchId: clinic.branchId,
      body: { version: 1, voidedReason: 'Came twice' },
    });
    const voided = await socket.waitFor('queueVoided');
    expect(voided.message).toBe(
      `Queue ${entry.queueNum} (${entry.patientName}) was deleted: Came twice`,
    );
    socket.close();
  });

  it("never sends another branch's or another clinic's events", async () => {
    const east = await addBranch(t, clinic, 'WSEAST');
    const eastUser = await addUser(t, clinic, 'Front Desk', { branchIds: [east] });
    const eastSocket = await listen(eastUser.token, east);
    const other = await newClinic(t);
    const otherSocket = await listen(other.token, other.branchId);
    const mainSocket = await listen(clinic.token, clinic.branchId);
    await enqueue(t, clinic, users.doctor.id);
    await mainSocket.waitFor('queueAdded');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(eastSocket.messages).toEqual([]);
    expect(otherSocket.messages).toEqual([]);
    for (const socket of [eastSocket, otherSocket, mainSocket]) socket.close();
  });

  it('refuses a socket without a session, or for a branch the user may not use', async () => {
    const other = await newClinic(t);
    await expect(
      new Listener(`${base}?branchId=${clinic.branchId}&token=made-up`).opened(),
    ).rejects.toThrow('socket refused');
    await expect(new Listener(socketUrl(other.token, clinic.branchId)).opened()).rejects.toThrow(
      'socket refused',
    );
    await expect(new Listener(`${base}?token=${other.token}`).opened()).rejects.toThrow(
      'socket refused',
    );
  });

  it('closes the socket when its session ends', async () => {
    const session = await t.call('POST', '/api/v1/sign-in', {
      body: { username: clinic.email, password: clinic.password },
    });
    const token = session.body.data.token as string;
    const socket = await listen(token, clinic.branchId);
    await t.call('POST', '/api/v1/sign-out', { token });
    const deadline = Date.now() + 10_000;
    while (socket.closeCode === undefined && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(socket.closeCode).toBe(4401);
  });

  it('closes the socket when the user may no longer use the branch', async () => {
    const nurse = await addUser(t, clinic, 'Nurse');
    const socket = await listen(nurse.token, clinic.branchId);
    await withTenant(t.database.db, clinic.tenantId, (tx) =>
      tx.db.deleteFrom('userBranches').where('userId', '=', nurse.id).execute(),
    );
    const deadline = Date.now() + 10_000;
    while (socket.closeCode === undefined && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(socket.closeCode).toBe(4401);
  });

  it('closes the socket when the role of the user there may no longer read the queue', async () => {
    const nurse = await addUser(t, clinic, 'Nurse');
    const socket = await listen(nurse.token, clinic.branchId);
    await setRole(
      t,
      clinic,
      nurse.id,
      clinic.branchId,
      await createRole(t, clinic, unique('none')),
    );
    const deadline = Date.now() + 10_000;
    while (socket.closeCode === undefined && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(socket.closeCode).toBe(4401);
  });

  it('refuses to open a socket for a role that may not read the queue', async () => {
    const nurse = await addUser(t, clinic, 'Nurse');
    await setRole(
      t,
      clinic,
      nurse.id,
      clinic.branchId,
      await createRole(t, clinic, unique('none')),
    );
    const refused = await t.call(
      'GET',
      `/api/v1/notifications/ws?branchId=${clinic.branchId}&token=${nurse.token}`,
    );
    expect(refused.status).toBe(403);
  });
});

// Delivery between API instances goes through PostgreSQL LISTEN/NOTIFY; the embedded
// database (the fallback when no PostgreSQL answers) is one instance by design.
describe.runIf(inject('databaseUrl') !== 'pglite')('two API instances on one database', () => {
  it('an event made on one instance reaches a socket on the other', async () => {
    const second = await startTestApp();
    try {
      await second.app.listen({ port: 0, host: '127.0.0.1' });
      const secondBase = `ws://127.0.0.1:${(second.app.server.address() as AddressInfo).port}/api/v1/notifications/ws`;
      const socket = new Listener(
        `${secondBase}?branchId=${clinic.branchId}&token=${encodeURIComponent(clinic.token)}`,
      );
      await socket.opened();
      const entry = await enqueue(t, clinic, users.doctor.id);
      const received = await socket.waitFor('queueAdded');
      expect(received.data.id).toBe(entry.id);
      socket.close();
    } finally {
      await second.close();
    }
  });
});
