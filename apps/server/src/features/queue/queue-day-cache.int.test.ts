import type { QueueEntry } from '@clinic/domain';
import { describe, expect, it, vi } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import { withTenant } from '../../db/tenant-db.ts';
import { expectStatus, patientBody, todayStart, type TestApp } from '../../../test/helpers.ts';

/**
 * The day's queue list is kept in memory by each API instance (`QueueDayCache`): two
 * instances on one database, as behind a load balancer, must never show a list from
 * before a change once the change has reached them.
 */
const {
  t: one,
  clinic,
  users,
} = setupApiTest({
  users: {
    doctor: { type: '50', firstName: 'Aaron', mcr: 'M55555A' },
    desk: { type: 'Front Desk' },
  },
});
const { t: two } = setupApiTest({ clinics: 0 });
const desk = users.desk;

async function listOn(instance: TestApp): Promise<QueueEntry[]> {
  const response = await instance.call(
    'GET',
    `/api/v1/queue?visitDate=${todayStart()}&t=${Date.now()}`,
    desk,
  );
  expectStatus(response, 200);
  return response.body.data.items;
}

async function enqueueOn(instance: TestApp): Promise<QueueEntry> {
  const patient = await instance.call('POST', '/api/v1/patients', { ...desk, body: patientBody() });
  expectStatus(patient, 201);
  const response = await instance.call('POST', '/api/v1/queue', {
    ...desk,
    body: {
      patientId: patient.body.data.patientId,
      doctorId: users.doctor.id,
      visitPurposes: ['Consultation'],
      isBackdate: false,
    },
  });
  expectStatus(response, 201);
  return response.body.data;
}

/** Waits for the change notice to reach an instance: well under the cache's 30 s max age. */
const reaches = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 10_000 });

describe('the day list kept in memory by each instance', () => {
  it("shows the instance's own change in its very next answer", async () => {
    await listOn(one);
    const entry = await enqueueOn(one);
    expect((await listOn(one)).map((listed) => listed.id)).toContain(entry.id);
    const remark = await one.call('PUT', `/api/v1/queue/${entry.id}/remark`, {
      ...desk,
      body: { remark: 'Fever', version: entry.version },
    });
    expectStatus(remark, 200);
    expect((await listOn(one)).find((listed) => listed.id === entry.id)?.remark).toBe('Fever');
  });

  it('shows a change made on another instance once its event arrives', async () => {
    await listOn(two);
    const entry = await enqueueOn(one);
    await reaches(async () => {
      expect((await listOn(two)).map((listed) => listed.id)).toContain(entry.id);
    });
    const deleted = await one.call('DELETE', `/api/v1/queue/${entry.id}`, {
      ...desk,
      body: { version: entry.version, voidedReason: 'Left' },
    });
    expectStatus(deleted, 200);
    await reaches(async () => {
      expect((await listOn(two)).map((listed) => listed.id)).not.toContain(entry.id);
    });
  });

  it("shows a patient's corrected ID number, which publishes no queue event", async () => {
    const entry = await enqueueOn(one);
    await Promise.all([listOn(one), listOn(two)]);
    const nric = patientBody().nric;
    const changed = await one.call('PATCH', `/api/v1/patients/${entry.patientId}/nric`, {
      ...desk,
      body: { nric },
    });
    expectStatus(changed, 200);
    for (const instance of [one, two]) {
      await reaches(async () => {
        const listed = (await listOn(instance)).find((e) => e.id === entry.id);
        expect(listed?.nric).toBe(changed.body.data.nric);
      });
    }
  });

  it('shows a doctor renamed by any writer of the database, not only through the API', async () => {
    await enqueueOn(one);
    await Promise.all([listOn(one), listOn(two)]);
    await withTenant(one.database.db, clinic.tenantId, (tx) =>
      tx.db
        .updateTable('users')
        .set({ firstName: 'Benedict' })
        .where('id', '=', users.doctor.id)
        .execute(),
    );
    for (const instance of [one, two]) {
      await reaches(async () => {
        const names = (await listOn(instance)).map((entry) => entry.doctorName);
        expect(names.every((name) => name.startsWith('Benedict'))).toBe(true);
      });
    }
  });
});
