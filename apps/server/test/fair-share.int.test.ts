import { refusalMessage } from '@clinic/domain';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { setupApiTest } from './api-fixture.ts';
import { openDatabase } from '../src/db/connection.ts';
import { SEARCHES_AT_ONCE_PER_CLINIC } from '../src/features/patients/patients.routes.ts';
import {
  addUser,
  expectStatus,
  newClinic,
  patientBody,
  todayStart,
  type Clinic,
  type TestApp,
} from './helpers.ts';

const ownerUrl = inject('databaseUrl');

type Desk = { token: string; branchId: string };

async function deskOf(t: TestApp): Promise<{ clinic: Clinic; desk: Desk }> {
  const clinic = await newClinic(t);
  const user = await addUser(t, clinic, 'Front Desk');
  return { clinic, desk: { token: user.token, branchId: clinic.branchId } };
}

async function newPatient(t: TestApp, desk: Desk): Promise<string> {
  const response = await t.call('POST', '/api/v1/patients', { ...desk, body: patientBody() });
  expectStatus(response, 201);
  return response.body.data.patientId;
}

/** Holds a patient's row locked from outside the API, as a slow statement of another clinic would. */
async function lockPatient(patientId: string): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  await client.query('BEGIN');
  await client.query('SELECT id FROM patients WHERE id = $1 FOR UPDATE', [patientId]);
  return async () => {
    await client.query('ROLLBACK');
    await client.end();
  };
}

const changeNric = (t: TestApp, desk: Desk, patientId: string) =>
  t.call('PATCH', `/api/v1/patients/${patientId}/nric`, {
    ...desk,
    body: { nric: patientBody().nric },
  });

const listQueue = (t: TestApp, desk: Desk) =>
  t.call('GET', `/api/v1/queue?visitDate=${todayStart()}`, desk);

describe.runIf(ownerUrl !== 'pglite')('one clinic cannot hold up the others', () => {
  describe('a statement that runs too long', () => {
    const { t } = setupApiTest({
      clinics: 0,
      database: () =>
        openDatabase({
          databaseUrl: ownerUrl,
          dataDir: 'unused',
          migrate: false,
          poolSize: 5,
          statementTimeoutMs: 300,
        }),
    });

    it('is stopped at the timeout with a clear 503, changing nothing', async () => {
      const { desk } = await deskOf(t);
      const patientId = await newPatient(t, desk);
      const before = await t.call('GET', `/api/v1/patients/${patientId}/profile`, desk);
      const unlock = await lockPatient(patientId);
      try {
        const response = await changeNric(t, desk, patientId);
        expect(response.status).toBe(503);
        expect(response.body.error).toEqual({
          code: 'request.timedOut',
          message: refusalMessage('request.timedOut'),
        });
        expect(response.headers['retry-after']).toBe('1');
      } finally {
        await unlock();
      }
      const after = await t.call('GET', `/api/v1/patients/${patientId}/profile`, desk);
      expect(after.body.data.nric).toBe(before.body.data.nric);
      expectStatus(await changeNric(t, desk, patientId), 200);
    });
  });

  describe('requests of one clinic beyond its share', () => {
    const { t } = setupApiTest({ clinics: 0, config: { clinicConcurrency: 1 } });

    it("wait behind that clinic's own work while another clinic is served", async () => {
      const busy = await deskOf(t);
      const other = await deskOf(t);
      const patientId = await newPatient(t, busy.desk);
      const unlock = await lockPatient(patientId);
      // The busy clinic's one turn is held by a request waiting on the lock...
      const stuck = changeNric(t, busy.desk, patientId);
      let waiting: Promise<{ status: number }> | undefined;
      let waitingDone = false;
      try {
        await expect.poll(() => fairShareLoad(t, busy.clinic).running).toBe(1);
        // ...so its next request waits in line, while the other clinic is answered.
        waiting = listQueue(t, busy.desk).then((response) => {
          waitingDone = true;
          return response;
        });
        await expect.poll(() => fairShareLoad(t, busy.clinic).waiting).toBe(1);
        expectStatus(await listQueue(t, other.desk), 200);
        expect(waitingDone).toBe(false);
      } finally {
        await unlock();
      }
      expect((await waiting)?.status).toBe(200);
      expect((await stuck).status).toBe(200);
      expect(fairShareLoad(t, busy.clinic)).toEqual({ running: 0, waiting: 0 });
    });

    it('gives up the place in line of a client that went away', async () => {
      const busy = await deskOf(t);
      const patientId = await newPatient(t, busy.desk);
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const unlock = await lockPatient(patientId);
      const stuck = changeNric(t, busy.desk, patientId);
      try {
        await expect.poll(() => fairShareLoad(t, busy.clinic).running).toBe(1);
        const leaving = new AbortController();
        const gone = fetch(`${address}/api/v1/queue?visitDate=${todayStart()}`, {
          headers: { authorization: `Bearer ${busy.desk.token}`, branchid: busy.desk.branchId },
          signal: leaving.signal,
        }).catch(() => 'abandoned');
        await expect.poll(() => fairShareLoad(t, busy.clinic).waiting).toBe(1);
        leaving.abort();
        expect(await gone).toBe('abandoned');
        await expect.poll(() => fairShareLoad(t, busy.clinic).waiting).toBe(0);
      } finally {
        await unlock();
      }
      expect((await stuck).status).toBe(200);
      await expect.poll(() => fairShareLoad(t, busy.clinic)).toEqual({ running: 0, waiting: 0 });
    });
  });
});

describe.runIf(ownerUrl !== 'pglite')('searches of one clinic', () => {
  const { t } = setupApiTest({ clinics: 0 });

  it(`run ${SEARCHES_AT_ONCE_PER_CLINIC} at a time; the clinic's other work goes on`, async () => {
    const { clinic, desk } = await deskOf(t);
    const search = () => t.call('GET', '/api/v1/patients/option?keyword=zz&filter=nric', desk);
    const client = new pg.Client({ connectionString: ownerUrl });
    await client.connect();
    // Every search waits on the table while this lock is held.
    await client.query('BEGIN');
    await client.query('LOCK TABLE patients IN ACCESS EXCLUSIVE MODE');
    const searches = [search(), search(), search()];
    try {
      await expect.poll(() => fairShareLoad(t, clinic).running).toBe(SEARCHES_AT_ONCE_PER_CLINIC);
      const other = await t.call('GET', '/api/v1/branches/current', desk);
      expectStatus(other, 200);
      expect(fairShareLoad(t, clinic).running).toBe(SEARCHES_AT_ONCE_PER_CLINIC);
    } finally {
      await client.query('ROLLBACK');
      await client.end();
    }
    expect((await Promise.all(searches)).map((response) => response.status)).toEqual([
      200, 200, 200,
    ]);
  });
});

function fairShareLoad(t: TestApp, clinic: Clinic) {
  return t.app.fairShare.load(clinic.tenantId);
}
