import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { setupApiTest } from './api-fixture.ts';
import { openDatabase } from '../src/db/connection.ts';
import { DEMO_PASSWORD, DEMO_SUBDOMAIN, demoSignIns, seedDemo } from '../src/seed/demo.ts';
import { tenantIdBySubdomain } from '../src/platform/directory.ts';
import { withTenant } from '../src/db/tenant-db.ts';
import { expectStatus, newClinic, signIn, startTestApp } from './helpers.ts';

/** The embedded database that `npm start` uses by default: same migrations, same rules. */
const { t } = setupApiTest({
  clinics: 0,
  database: () => openDatabase({ databaseUrl: undefined, dataDir: 'memory', migrate: true }),
});

describe('on PGlite', () => {
  it('seeds the demo clinic into an empty database once; a second run changes nothing', async () => {
    expect(await seedDemo(t.app.appContext)).toBe('created');
    const count = () =>
      sql<{ n: number }>`SELECT count(*)::int AS n FROM auth_sign_in_target('demo.admin')`.execute(
        t.database.db,
      );
    expect((await count()).rows[0]!.n).toBe(1);
    expect(await seedDemo(t.app.appContext)).toBe('present');
    expect((await count()).rows[0]!.n).toBe(1);
    // A two-day MC and an excuse chit on a finished consultation, seeded once.
    const demoTenant = await tenantIdBySubdomain(t.database.db, DEMO_SUBDOMAIN);
    const certificates = await withTenant(t.database.db, demoTenant!, (tx) =>
      tx.db.selectFrom('medicalCertificates').select(['mcNo', 'excuseChit']).execute(),
    );
    expect(certificates.map((mc) => mc.excuseChit).sort()).toEqual([false, true]);
    for (const demo of demoSignIns) {
      const session = await signIn(t, demo.username, DEMO_PASSWORD);
      expect(session.user.type).toBe(demo.type);
      expect(session.user.mustChangePassword).toBe(false);
      if (demo.type === 'Tenant Catalog') {
        expect(session.kind).toBe('tenant');
        expect(session.branches).toEqual([]);
      } else {
        expect(session.branches.map((b) => [b.code, b.isDefault])).toEqual([
          ['TPY', true],
          ['JUR', false],
        ]);
        expect(session.hciCode).toBe('19M0001');
      }
    }
    // The demo's past weeks of bills take most of it: about 10 s on a quiet machine.
  }, 180_000);

  it('runs the whole registration, activation and sign-in journey', async () => {
    const clinic = await newClinic(t);
    const current = await t.call('GET', '/api/v1/branches/current', {
      token: clinic.token,
      branchId: clinic.branchId,
    });
    expectStatus(current, 200);
    expect(current.body.data.code).toBe('MAIN');
    const rows = await withTenant(t.database.db, clinic.tenantId, async (tx) => {
      const { rows } = await sql<{
        tenant: string;
      }>`SELECT DISTINCT tenant_id AS tenant FROM users`.execute(tx.db);
      return rows;
    });
    expect(rows).toEqual([{ tenant: clinic.tenantId }]);
  });

  // Migrating a second embedded database takes 15 s or more on a loaded 2-core machine.
  it(
    'never seeds demo data into a database that already holds a clinic',
    { timeout: 120_000 },
    async () => {
      const fresh = await openDatabase({
        databaseUrl: undefined,
        dataDir: 'memory',
        migrate: true,
      });
      const other = await startTestApp({}, fresh);
      try {
        await newClinic(other);
        expect(await seedDemo(other.app.appContext)).toBe('absent');
        const { rows } = await sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM auth_sign_in_target('demo.admin')`.execute(fresh.db);
        expect(rows[0]!.n).toBe(0);
      } finally {
        await other.close();
        await fresh.close();
      }
    },
  );
});
