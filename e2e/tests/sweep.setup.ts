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
  const state: SweepState = { params: await routeParams(), roles: [] };
  for (const role of SWEEP_ROLES) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(role.signInPath);
    await page.getByLabel('Username').fill(role.username);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(role.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(role.lands);
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
    const branch = info.branches?.find((b) => b.code === state.params.branchCode);
    state.roles.push({
      name: role.name,
      audience: role.audience,
      permissions: branch?.permissions ?? [],
      storage,
    });
    await context.close();
  }
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
  return { branchCode: 'TPY', subdomain: 'demo', uid: device.user_id, vid: device.id };
}
