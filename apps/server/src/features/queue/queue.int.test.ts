import { PENDING_COLOUR, QUEUE_MESSAGES, QueueEntry, listOf } from '@clinic/domain';
import { describe, expect, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import { withTenant } from '../../db/tenant-db.ts';
import { clinicContext } from '../branches/branches.service.ts';
import { listDay } from './queue.repo.ts';
import {
  addBranch,
  addUser,
  expectStatus,
  newClinic,
  patientBody,
  todayStart,
} from '../../../test/helpers.ts';

const { t, clinic, users } = setupApiTest({
  users: {
    doctor: { type: '50', firstName: 'Benjamin', mcr: 'M12345A' },
    frontDesk: { type: 'Front Desk' },
  },
});

type Caller = { token: string; branchId: string };
const desk = (): Caller => ({ token: users.frontDesk.token, branchId: clinic.branchId });

async function newPatient(caller: Caller = desk()): Promise<string> {
  const response = await t.call('POST', '/api/v1/patients', { ...caller, body: patientBody() });
  expectStatus(response, 201);
  return response.body.data.patientId;
}

async function enqueue(
  overrides: Record<string, unknown> = {},
  caller: Caller = desk(),
): Promise<QueueEntry> {
  const response = await t.call('POST', '/api/v1/queue', {
    ...caller,
    body: {
      patientId: await newPatient(caller),
      doctorId: users.doctor.id,
      visitPurposes: ['Consultation'],
      isBackdate: false,
      ...overrides,
    },
  });
  expectStatus(response, 201);
  return response.body.data;
}

async function today(caller: Caller = desk()): Promise<QueueEntry[]> {
  const response = await t.call(
    'GET',
    `/api/v1/queue?visitDate=${todayStart()}&t=${Date.now()}`,
    caller,
  );
  expectStatus(response, 200);
  return response.body.data.items;
}

const put = (path: string, body?: unknown, caller: Caller = desk()) =>
  t.call('PUT', `/api/v1/queue${path}`, { ...caller, body });

describe('adding to the queue', () => {
  it('opens a visit and numbers the entry, Pending, with the doctor sort name', async () => {
    const entry = await enqueue({
      remark: 'Cough for 3 days',
      visitPurposes: ['Consultation', 'Medical Certificate'],
    });
    expect(entry).toMatchObject({
      status: 'Pending',
      color: PENDING_COLOUR,
      doctorName: 'Benjamin Test',
      doctorNameSort: 'Dr. Benjamin Test',
      visitPurposes: ['Consultation', 'Medical Certificate'],
      remark: 'Cough for 3 days',
      queueStatus: 0,
      isMCO: false,
      callInTime: null,
      version: 1,
    });
    expect(entry.queueNum).toMatch(/^\d{3}$/);
    expect(entry.queueSeq).toBe(Number(entry.queueNum));
    // The answer is the entry exactly as the queue list shows it.
    expect((await today()).find((listed) => listed.id === entry.id)).toEqual(entry);
    const visits = await t.call('GET', `/api/v1/visits?patientId=${entry.patientId}`, desk());
    expect(visits.body.data.total).toBe(1);
    // The doctor picker preselects this doctor for the patient next time.
    const profile = await t.call('GET', `/api/v1/patients/${entry.patientId}/profile`, desk());
    expect(profile.body.data.consultDoctor).toBe(users.doctor.id);
  });

  it('numbers concurrent adds uniquely and without gaps', async () => {
    const before = (await today()).length;
    const added = await Promise.all(Array.from({ length: 15 }, () => enqueue()));
    const numbers = added.map((entry) => Number(entry.queueNum)).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(15);
    const all = (await today()).map((entry) => Number(entry.queueNum)).sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: before + 15 }, (_, i) => i + 1));
  });

  it('lists the day sorted by sequence, newest first', async () => {
    // Its own entries, so that it checks an order even when run alone.
    const first = await enqueue();
    const second = await enqueue();
    const list = await today();
    const ids = list.map((entry) => entry.id);
    expect(ids.indexOf(second.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(list.map((entry) => entry.queueSeq)).toEqual(
      [...list.map((entry) => entry.queueSeq)].sort((a, b) => b - a),
    );
  });

  it('needs a doctor of the branch, known visit purposes and a patient', async () => {
    const patientId = await newPatient();
    const nurse = await addUser(t, clinic, 'Nurse');
    const notDoctor = await t.call('POST', '/api/v1/queue', {
      ...desk(),
      body: { patientId, doctorId: nurse.id, visitPurposes: ['Consultation'] },
    });
    expect(notDoctor.body.error.errors).toEqual([
      {
        field: 'doctorId',
        message: 'Please choose a doctor of this branch.',
        code: 'queue.doctorNotHere',
      },
    ]);
    const purpose = await t.call('POST', '/api/v1/queue', {
      ...desk(),
      body: { patientId, doctorId: users.doctor.id, visitPurposes: ['Karaoke'] },
    });
    expect(purpose.body.error.errors[0]).toMatchObject({
      field: 'visitPurposes',
      message: 'Unknown visit purpose: Karaoke.',
      code: 'queue.visitPurposeUnknown',
    });
    const empty = await t.call('POST', '/api/v1/queue', {
      ...desk(),
      body: { patientId, doctorId: users.doctor.id, visitPurposes: [] },
    });
    expect(empty.body.error.errors).toEqual([
      {
        field: 'visitPurposes',
        message: 'The visit purpose field is required.',
        code: 'queue.visitPurposeRequired',
      },
    ]);
    const none = await t.call('POST', '/api/v1/queue', { ...desk(), body: {} });
    expect(none.body.error.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'doctorId',
      'patientId',
      'visitPurposes',
    ]);
  });

  it('backdates only with isBackdate, and never into the future when the clinic has an HCI code', async () => {
    const earlier = todayStart() + 60;
    const backdated = await enqueue({ isBackdate: true, visitDate: earlier });
    expect(backdated.visitDate).toBe(earlier);
    const ignored = await enqueue({ isBackdate: false, visitDate: earlier });
    expect(ignored.visitDate).toBeGreaterThan(earlier);
    const missing = await t.call('POST', '/api/v1/queue', {
      ...desk(),
      body: {
        patientId: await newPatient(),
        doctorId: users.doctor.id,
        visitPurposes: ['Consultation'],
        isBackdate: true,
      },
    });
    expect(missing.body.error.errors).toEqual([
      {
        field: 'visitDate',
        message: QUEUE_MESSAGES.visitDateRequired,
        code: 'queue.visitDateRequired',
      },
    ]);

    const future = Math.floor(Date.now() / 1000) + 3600;
    expect((await enqueue({ isBackdate: true, visitDate: future })).visitDate).toBe(future);
    await withTenant(t.database.db, clinic.tenantId, (tx) =>
      tx.db.updateTable('branches').set({ hciCode: '20M0001' }).execute(),
    );
    try {
      const refused = await t.call('POST', '/api/v1/queue', {
        ...desk(),
        body: {
          patientId: await newPatient(),
          doctorId: users.doctor.id,
          visitPurposes: ['Consultation'],
          isBackdate: true,
          visitDate: future,
        },
      });
      expect(refused.body.error.errors).toEqual([
        {
          field: 'visitDate',
          message: 'Visit date cannot exceed today!',
          code: 'queue.visitDateFuture',
        },
      ]);
    } finally {
      await withTenant(t.database.db, clinic.tenantId, (tx) =>
        tx.db.updateTable('branches').set({ hciCode: null }).execute(),
      );
    }
  });
});

describe('changing an entry', () => {
  it('changes visit purposes, remark and status (with its colour), each bumping the version', async () => {
    const entry = await enqueue();
    const purposes = await put(`/${entry.id}/visit-purposes`, {
      visitPurpose: ['Follow-up', 'Lab Test'],
      version: 1,
    });
    expectStatus(purposes, 200);
    expect(purposes.body.data).toMatchObject({
      visitPurposes: ['Follow-up', 'Lab Test'],
      version: 2,
    });
    const required = await put(`/${entry.id}/visit-purposes`, { visitPurpose: [], version: 2 });
    expect(required.body.error.message).toBe('The visit purpose field is required.');

    const remark = await put(`/${entry.id}/remark`, { remark: 'Needs wheelchair', version: 2 });
    expect(remark.body.data).toMatchObject({ remark: 'Needs wheelchair', version: 3 });
    const cleared = await put(`/${entry.id}/remark`, { remark: '  ', version: 3 });
    expect(cleared.body.data.remark).toBeNull();

    const status = await put(`/${entry.id}/status`, {
      status: 'Dispensing',
      color: '#000000',
      version: 4,
    });
    expect(status.body.data).toMatchObject({ status: 'Dispensing', color: '#7E22CE', version: 5 });
    const noStatus = await put(`/${entry.id}/status`, { status: '', version: 5 });
    expect(noStatus.body.error.message).toBe('The status field is required.');
    const unknown = await put(`/${entry.id}/status`, { status: 'Sleeping', version: 5 });
    expect(unknown.body.error.errors).toEqual([
      {
        field: 'status',
        message: 'Please choose a status from the list.',
        code: 'queue.statusUnknown',
      },
    ]);
  });

  it('a room-service change resets the status to Pending with the fixed colour', async () => {
    const entry = await enqueue();
    await put(`/${entry.id}/status`, { status: 'Dispensing', color: '#7E22CE', version: 1 });
    const moved = await put(`/${entry.id}/room-service`, {
      roomService: 'Treatment Room',
      version: 2,
    });
    expect(moved.body.data).toMatchObject({
      roomService: 'Treatment Room',
      status: 'Pending',
      color: PENDING_COLOUR,
    });
    const empty = await put(`/${entry.id}/room-service`, { roomService: '', version: 3 });
    expect(empty.body.error.message).toBe('No room services data!');
    const unknown = await put(`/${entry.id}/room-service`, { roomService: 'Sauna', version: 3 });
    expect(unknown.body.error.errors).toEqual([
      {
        field: 'roomService',
        message: 'Please choose a room service of this branch.',
        code: 'queue.roomServiceNotHere',
      },
    ]);
  });

  it('calls in (and recalls), then times out, setting the times', async () => {
    const entry = await enqueue();
    const early = await put(`/${entry.id}/consult-out`);
    expect(early.body.error.message).toBe('Please call the patient in first.');
    const called = await put(`/${entry.id}/call-in`);
    expectStatus(called, 200);
    expect(called.body.data).toMatchObject({ status: 'Consult In' });
    expect(called.body.data.callInTime).toBeGreaterThan(0);
    expect(called.body.data.consultIn).toBe(called.body.data.callInTime);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const recalled = await put(`/${entry.id}/call-in`);
    expect(recalled.body.data.callInTime).toBeGreaterThan(called.body.data.callInTime);
    expect(recalled.body.data.consultIn).toBe(called.body.data.consultIn);
    const out = await put(`/${entry.id}/consult-out`);
    expect(out.body.data).toMatchObject({ status: 'Consult Out' });
    expect(out.body.data.consultOut).toBe(out.body.data.timeOut);
  });

  it('moves the registration time within the day, never to another day', async () => {
    const entry = await enqueue();
    const earlier = todayStart() + 8 * 3600;
    const moved = await put('/visit-time', { id: entry.id, visitTime: earlier });
    expectStatus(moved, 200);
    expect(moved.body.data.visitDate).toBe(earlier);
    const yesterday = await put('/visit-time', {
      id: entry.id,
      visitTime: earlier - 86400,
      version: moved.body.data.version,
    });
    expect(yesterday.body.error.errors).toEqual([
      {
        field: 'visitTime',
        message: 'The visit time must stay on the day of the queue entry.',
        code: 'queue.visitTimeOtherDay',
      },
    ]);
  });

  it('move up and down exchanges the sequence of two entries', async () => {
    const first = await enqueue();
    const second = await enqueue();
    const swapped = await put(`/${second.id}/seq`, {
      exchangeId: first.id,
      version: second.version,
    });
    expectStatus(swapped, 200);
    expect(swapped.body.data.queueSeq).toBe(first.queueSeq);
    const list = await today();
    expect(list.find((entry) => entry.id === first.id)?.queueSeq).toBe(second.queueSeq);
    const self = await put(`/${first.id}/seq`, { exchangeId: first.id, version: 2 });
    expect(self.status).toBe(400);
  });
});

describe('optimistic concurrency', () => {
  it('of two edits with the same version one wins and the other gets 409, nothing lost', async () => {
    const entry = await enqueue();
    const [a, b] = await Promise.all([
      put(`/${entry.id}/remark`, { remark: 'From desk A', version: entry.version }),
      put(`/${entry.id}/remark`, { remark: 'From desk B', version: entry.version }),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const winner = a.status === 200 ? 'From desk A' : 'From desk B';
    const conflictBody = (a.status === 409 ? a : b).body;
    expect(conflictBody.error.code).toBe('record.changed');
    const stored = (await today()).find((row) => row.id === entry.id)!;
    expect(stored).toMatchObject({ remark: winner, version: entry.version + 1 });
  });

  it('a stale version changes nothing', async () => {
    const entry = await enqueue();
    await put(`/${entry.id}/remark`, { remark: 'first', version: 1 });
    const stale = await put(`/${entry.id}/status`, { status: 'Dispensing', version: 1 });
    expect(stale.status).toBe(409);
    expect((await today()).find((row) => row.id === entry.id)?.status).toBe('Pending');
  });
});

describe('deleting an entry', () => {
  it('needs a reason, and voids the entry and its visit', async () => {
    const entry = await enqueue();
    const noReason = await t.call('DELETE', `/api/v1/queue/${entry.id}`, {
      ...desk(),
      body: { version: 1, voidedReason: ' ' },
    });
    expect(noReason.body.error.message).toBe('Please enter a reason for deletion!');
    const deleted = await t.call('DELETE', `/api/v1/queue/${entry.id}`, {
      ...desk(),
      body: { version: 1, voidedReason: 'Registered twice' },
    });
    expectStatus(deleted, 200);
    expect((await today()).some((row) => row.id === entry.id)).toBe(false);
    const visits = await t.call('GET', `/api/v1/visits?patientId=${entry.patientId}`, desk());
    expect(visits.body.data.items[0].isVoided).toBe(true);
    expect((await put(`/${entry.id}/call-in`)).body.error.message).toBe(
      'This queue entry has been deleted.',
    );
  });

  it('is refused with the spec message once a diagnosis or a prescription exists', async () => {
    for (const table of ['diagnoses', 'prescriptions'] as const) {
      const entry = await enqueue();
      const visit = (await t.call('GET', `/api/v1/visits?patientId=${entry.patientId}`, desk()))
        .body.data.items[0];
      await withTenant(t.database.db, clinic.tenantId, (tx) =>
        table === 'diagnoses'
          ? tx.db
              .insertInto('diagnoses')
              .values({
                tenantId: clinic.tenantId,
                visitId: visit.id,
                patientId: entry.patientId,
                code: 'J06.9',
                description: 'URTI',
              })
              .execute()
          : tx.db
              .insertInto('prescriptions')
              .values({
                tenantId: clinic.tenantId,
                visitId: visit.id,
                patientId: entry.patientId,
                itemCode: 'PCM500',
                itemName: 'Paracetamol 500 mg',
              })
              .execute(),
      );
      const refused = await t.call('DELETE', `/api/v1/queue/${entry.id}`, {
        ...desk(),
        body: { version: 1, voidedReason: 'Wrong patient' },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toBe(QUEUE_MESSAGES.deleteBlocked);
    }
  });

  it('a voided diagnosis does not block deletion', async () => {
    const entry = await enqueue();
    const visit = (await t.call('GET', `/api/v1/visits?patientId=${entry.patientId}`, desk())).body
      .data.items[0];
    await withTenant(t.database.db, clinic.tenantId, (tx) =>
      tx.db
        .insertInto('diagnoses')
        .values({
          tenantId: clinic.tenantId,
          visitId: visit.id,
          patientId: entry.patientId,
          code: 'J06.9',
          description: 'URTI',
          voidedAt: new Date(),
        })
        .execute(),
    );
    // The front desk's role does not read diagnoses; the clinic's administrator does.
    const diagnoses = await t.call('GET', `/api/v1/diagnosis?visitId=${visit.id}`, {
      token: clinic.token,
      branchId: clinic.branchId,
    });
    expect(diagnoses.body.data.items[0]).toMatchObject({ code: 'J06.9', isVoided: true });
    expectStatus(
      await t.call('DELETE', `/api/v1/queue/${entry.id}`, {
        ...desk(),
        body: { version: 1, voidedReason: 'Left' },
      }),
      200,
    );
  });
});

describe('search by patient', () => {
  it('pages one patient history, newest first, with filters', async () => {
    const patientId = await newPatient();
    for (let i = 0; i < 3; i += 1) {
      await t.call('POST', '/api/v1/queue', {
        ...desk(),
        body: {
          patientId,
          doctorId: users.doctor.id,
          visitPurposes: ['Follow-up'],
          isBackdate: true,
          visitDate: todayStart() + 3600 * (i + 1),
          remark: `visit ${i}`,
        },
      });
    }
    const page = await t.call(
      'GET',
      `/api/v1/queue/page?patientID=${patientId}&pageIndex=1&pageSize=2`,
      desk(),
    );
    expectStatus(page, 200);
    expect(page.body.data.total).toBe(3);
    expect(page.body.data.items.map((e: QueueEntry) => e.remark)).toEqual(['visit 2', 'visit 1']);
    const filtered = await t.call(
      'GET',
      `/api/v1/queue/page?patientID=${patientId}&remark=visit 0`,
      desk(),
    );
    expect(filtered.body.data.items).toHaveLength(1);
    const none = await t.call('GET', '/api/v1/queue/page?pageIndex=1', desk());
    expect(none.body.error.errors[0]).toMatchObject({
      field: 'patientID',
      message: 'Please select a patient first.',
    });
  });
});

describe('branch and tenant isolation', () => {
  it("another branch's entry is refused with the spec message, and not listed", async () => {
    const east = await addBranch(t, clinic, 'EAST2');
    const eastDesk = await addUser(t, clinic, 'Front Desk', { branchIds: [east] });
    const eastDoctor = await addUser(t, clinic, '50', { branchIds: [east] });
    const patientId = await newPatient();
    const created = await t.call('POST', '/api/v1/queue', {
      token: eastDesk.token,
      branchId: east,
      body: { patientId, doctorId: eastDoctor.id, visitPurposes: ['Consultation'] },
    });
    expectStatus(created, 201);
    expect(created.body.data.queueNum).toBe('001');
    const admin = { token: clinic.token, branchId: clinic.branchId };
    const refused = await put(`/${created.body.data.id}/call-in`, undefined, admin);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(
      "Current visit is from another branch. Please make sure you've selected the correct branch. ",
    );
    expect((await today(admin)).some((row) => row.id === created.body.data.id)).toBe(false);
    const wrongDoctor = await t.call('POST', '/api/v1/queue', {
      ...desk(),
      body: { patientId, doctorId: eastDoctor.id, visitPurposes: ['Consultation'] },
    });
    expect(wrongDoctor.status).toBe(400);
  });

  it('another clinic sees nothing and can change nothing', async () => {
    const other = await newClinic(t);
    const entry = await enqueue();
    const foreign = { token: other.token, branchId: other.branchId };
    expect(await today(foreign)).toEqual([]);
    for (const [method, path, body] of [
      ['PUT', `/${entry.id}/call-in`, undefined],
      ['PUT', `/${entry.id}/remark`, { remark: 'x', version: 1 }],
      ['PUT', '/visit-time', { id: entry.id, visitTime: todayStart() + 60 }],
      ['DELETE', `/${entry.id}`, { version: 1, voidedReason: 'x' }],
    ] as const) {
      const response = await t.call(method, `/api/v1/queue${path}`, { ...foreign, body });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const history = await t.call('GET', `/api/v1/queue/page?patientID=${entry.patientId}`, foreign);
    expect(history.body.data).toEqual({ items: [], total: 0 });
    const visits = await t.call('GET', `/api/v1/visits?patientId=${entry.patientId}`, foreign);
    expect(visits.body.data).toEqual({ items: [], total: 0 });
  });
});

describe('the day list built by PostgreSQL', () => {
  it('answers every entry exactly as the entry mapping of the API does, and an empty day', async () => {
    // Doctors without an MCR and with 'Dr' in the name: their sort names differ.
    const plain = (await addUser(t, clinic, '50', { firstName: 'Wendy', mcr: '  ' })).id;
    const titled = (await addUser(t, clinic, '50', { firstName: 'Dr Kumar', mcr: 'M55555B' })).id;
    await enqueue({ doctorId: plain, remark: 'Line one\nline "two" \\ ünïcode' });
    const called = await enqueue({ doctorId: titled });
    expectStatus(await put(`/${called.id}/call-in`), 200);
    const response = await t.call(
      'GET',
      `/api/v1/queue?visitDate=${todayStart()}&t=${Date.now()}`,
      desk(),
    );
    expectStatus(response, 200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const answer = listOf(QueueEntry).parse(response.body);
    expect(answer.data.total).toBe(answer.data.items.length);
    expect(answer.data.items.length).toBeGreaterThan(5);
    const expected = await withTenant(t.database.db, clinic.tenantId, async (tx) => {
      const day = await clinicContext(tx, clinic.branchId);
      return listDay(tx, clinic.branchId, day.dateOf(todayStart()));
    });
    expect(response.body.data.items).toEqual(expected);
    expect(answer.data.items.map((e) => e.doctorNameSort)).toEqual(
      expect.arrayContaining(['Wendy Test', 'Dr Kumar Test', 'Dr. Benjamin Test']),
    );

    const empty = await t.call(
      'GET',
      `/api/v1/queue?visitDate=${todayStart() - 86400 * 400}`,
      desk(),
    );
    expectStatus(empty, 200);
    expect(empty.body).toEqual({ data: { items: [], total: 0 } });
  });
});
