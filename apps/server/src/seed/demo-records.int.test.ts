import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { setupApiTest } from '../../test/api-fixture.ts';
import { expectStatus, signIn } from '../../test/helpers.ts';
import { createDatabase, dropDatabase, findPostgresServer } from '../../test/test-database.ts';
import { openDatabase } from '../db/connection.ts';
import { demoPatients } from './demo-people.ts';
import { DEMO_PASSWORD, seedDemo } from './demo.ts';

/**
 * The demo clinic's medical records, in an empty database of its own (the demo clinic is
 * only created in one): PostgreSQL when the tests have it, else PGlite.
 */
const name = `demo_records_${randomUUID().slice(0, 8)}`;
let server: string | undefined;
const { t } = setupApiTest({
  clinics: 0,
  database: async () => {
    server = await findPostgresServer();
    if (!server) return openDatabase({ databaseUrl: undefined, dataDir: 'memory', migrate: true });
    const url = await createDatabase(server, name);
    return openDatabase({ databaseUrl: url, dataDir: 'unused', migrate: true, poolSize: 5 });
  },
});
afterAll(async () => {
  if (server) await dropDatabase(server, name);
});

describe('the demo records', () => {
  it('give patients past visits on several dates, with consult times, that the doctor reads', async () => {
    expect(await seedDemo(t.app.appContext)).toBe('created');
    const doctor = await signIn(t, 'demo.doctor', DEMO_PASSWORD);
    const branchId = doctor.branches[0]!.id;
    const caller = { token: doctor.token, branchId };
    let withHistory = 0;
    for (const { name } of demoPatients()) {
      const found = await t.call(
        'GET',
        `/api/v1/patients/option?keyword=${encodeURIComponent(name)}`,
        caller,
      );
      expectStatus(found, 200);
      const patient = (found.body.data.items as Array<{ id: string; name: string }>).find(
        (item) => item.name === name,
      )!;
      const visits = await t.call('GET', `/api/v1/visits?patientId=${patient.id}`, caller);
      expectStatus(visits, 200);
      const past = (visits.body.data.items as Array<Record<string, number | null>>).filter(
        (visit) => visit.date! < Date.now() / 1000 - 86_400,
      );
      if (past.length >= 2) withHistory += 1;
      for (const visit of past) {
        expect(visit.consultStartTime).toBeGreaterThan(visit.date!);
        expect(visit.consultEndTime).toBeGreaterThan(visit.consultStartTime!);
      }
    }
    expect(withHistory).toBeGreaterThanOrEqual(3);
  }, 120_000);
});
