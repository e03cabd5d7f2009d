import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { setupApiTest } from '../../test/api-fixture.ts';
import { expectStatus, signIn } from '../../test/helpers.ts';
import { createDatabase, dropDatabase, findPostgresServer } from '../../test/test-database.ts';
import { openDatabase } from '../db/connection.ts';
import { demoCatalogItems } from './demo-catalog.ts';
import { DEMO_PASSWORD, seedDemo } from './demo.ts';

/**
 * The demo clinic's starter catalog, in an empty database of its own (the demo clinic is
 * only created in one): PostgreSQL when the tests have it, else PGlite.
 */
const name = `demo_catalog_${randomUUID().slice(0, 8)}`;
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

describe('the demo catalog', () => {
  it('gives the doctor common medicines to pick, services, vaccines, tests and a combo', async () => {
    expect(await seedDemo(t.app.appContext)).toBe('created');
    const doctor = await signIn(t, 'demo.doctor', DEMO_PASSWORD);
    const [first, second] = doctor.branches;
    const caller = { token: doctor.token, branchId: first!.id };

    const count = async (type: string) => {
      const page = await t.call('GET', `/api/v1/catalogs?type=${type}&pageSize=1`, caller);
      expectStatus(page, 200);
      return page.body.data.total as number;
    };
    expect(await count('Med')).toBeGreaterThanOrEqual(40);
    expect(await count('Service')).toBe(10);
    expect(await count('Vaccine')).toBeGreaterThanOrEqual(3);
    expect(await count('Investigation')).toBeGreaterThanOrEqual(3);
    expect(await count('Combo')).toBe(1);

    const picked = await t.call('GET', '/api/v1/catalogs/options?keyword=paracetamol 500', caller);
    expect(picked.body.data.items[0]).toMatchObject({
      code: 'PARA500',
      priceCents: 10,
      strength: 500,
      strengthUnit: 'mg',
      dispensingUnit: 'tab',
      defaultDose: 2,
      defaultDoseUnit: 'tab',
      defaultFrequency: 'QDS',
    });

    const combo = await t.call('GET', '/api/v1/catalogs?type=Combo', caller);
    expect(combo.body.data.items[0].components).toHaveLength(4);

    const plans = await t.call('GET', '/api/v1/catalogs/vaccine-plans?keyword=hepatitis', caller);
    expect(plans.body.data.items).toEqual([
      expect.objectContaining({
        itemCode: 'VHEPB',
        doses: [
          expect.objectContaining({ doseNumber: 1, intervalValue: null, ageMonths: null }),
          expect.objectContaining({ doseNumber: 2, intervalValue: 1, intervalUnit: 'month' }),
          expect.objectContaining({ doseNumber: 3, intervalValue: 5, intervalUnit: 'month' }),
        ],
      }),
    ]);

    // The second branch charges its own consultation price.
    const consult = (branchId: string) =>
      t.call('GET', '/api/v1/catalogs/options?keyword=CONSULT&typeEnum=Service', {
        token: doctor.token,
        branchId,
      });
    expect((await consult(first!.id)).body.data.items[0]).toMatchObject({
      code: 'CONSULT',
      priceCents: 3500,
    });
    expect((await consult(second!.id)).body.data.items[0]).toMatchObject({
      code: 'CONSULT',
      priceCents: 3800,
    });

    // Seeding again adds nothing.
    expect(await seedDemo(t.app.appContext)).toBe('present');
    expect(await count('Med')).toBe(
      demoCatalogItems().filter((item) => item.type === 'Med').length,
    );
  }, 180_000);
});
