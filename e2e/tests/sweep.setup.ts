import { expect, test as setup } from '@playwright/test';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { withDatabase } from '../support/outbox.ts';
import { SWEEP_DIR, SWEEP_ROLES, SWEEP_STATE, type SweepState } from '../support/sweep.ts';

/**
 * Before the route sweep: one sign-in per role (its browser storage is reused by every
 * screen), and the values of the routes' parameters, from the demo clinic.
 */
setup('sign in once per role and resolve the route parameters', async ({ browser }) => {
  await rm(SWEEP_DIR, { recursive: true, force: true });
  await mkdir(SWEEP_DIR, { recursive: true });
  setup.setTimeout(120_000);
  const params = await routeParams();
  // The roles sign in side by side (their order is kept: it is the order of preference).
  const roles = await Promise.all(
    SWEEP_ROLES.map(async (role) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(role.signInPath);
      await page.getByLabel('Username').fill(role.username);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(role.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      // Generous: three sign-ins at once on a busy machine.
      await expect(page).toHaveURL(role.lands, { timeout: 30_000 });
      const storage = await context.storageState();
      // The inactivity clock starts on each screen's own load, not at this sign-in.
      for (const origin of storage.origins)
        origin.localStorage = origin.localStorage.filter((item) => item.name !== 'lastClickTime');
      const token = storage.origins
        .flatMap((origin) => origin.localStorage)
        .find((item) => item.name === 'token');
      const info = JSON.parse(token?.value ?? '{}') as {
        branches?: Array<{ code: string; permissions: string[] }>;
      };
      const branch = info.branches?.find((b) => b.code === params.branchCode);
      await context.close();
      return {
        name: role.name,
        audience: role.audience,
        permissions: branch?.permissions ?? [],
        storage,
      };
    }),
  );
  const state: SweepState = { params, roles };
  await writeFile(SWEEP_STATE, JSON.stringify(state));
});

/** The demo clinic's branch and subdomain, and a fresh device link of its administrator. */
async function routeParams(): Promise<Record<string, string>> {
  const device = await withDatabase(async (client) => {
    const { rows } = await client.query<{ id: string; user_id: string }>(
      `INSERT INTO device_authorizations (tenant_id, user_id, visitor_id)
       SELECT tenant_id, id, 'route-sweep' FROM users WHERE username = 'demo.admin'
       RETURNING id, user_id`,
    );
    return rows[0]!;
  });
  // A demo patient with past visits (seed/demo-records.ts) and one of their visits.
  const record = await withDatabase(async (client) => {
    const { rows } = await client.query<{ patient_id: string; visit_id: string }>(
      `SELECT v.patient_id, v.id AS visit_id FROM visits v
         JOIN tenants t ON t.id = v.tenant_id AND t.subdomain = 'demo'
        ORDER BY v.visit_date LIMIT 1`,
    );
    return rows[0]!;
  });
  // A medicine of the demo catalog (the stock tally history of one item).
  const medicine = await withDatabase(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `SELECT c.id FROM catalog_items c
         JOIN tenants t ON t.id = c.tenant_id AND t.subdomain = 'demo'
        WHERE c.type = 'Med' AND c.deleted_at IS NULL ORDER BY c.code LIMIT 1`,
    );
    return rows[0]!;
  });
  return {
    branchCode: 'TPY',
    subdomain: 'demo',
    uid: device.user_id,
    vid: device.id,
    patientId: record.patient_id,
    visitId: record.visit_id,
    id: record.visit_id,
    kinId: '1',
    pharmacyId: '1',
    itemId: medicine.id,
    // A new purchase order's editor; the demo clinic has no goods received note yet.
    purchaseId: 'new',
    receivedId: '00000000-0000-4000-8000-000000000000',
  };
}
