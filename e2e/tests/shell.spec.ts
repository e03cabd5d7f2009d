import { expect, test } from '../support/test.ts';
import {
  addBranch,
  createClinic,
  expireSessions,
  idleSessions,
  removeModule,
  setInactivityMinutes,
} from '../support/clinic.ts';
import { expectAccessible, signInAsStaff, snap } from '../support/screens.ts';

test('[SHELL] a clinic without the dashboard module sees no Dashboard entry and cannot open it', async ({
  page,
}) => {
  const clinic = await createClinic();
  await removeModule(clinic, 'clinic.dashboard');
  await signInAsStaff(page, clinic.username, clinic.password);
  await expect(page).toHaveURL('/MAIN/queue');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Queue' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Search' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);

  await page.goto('/MAIN/dashboard');
  await expect(page.getByText('Your clinic has not subscribed to this feature.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toHaveCount(0);
});

test('[SHELL] the side navigation, site map and user menu lead to real or coming-soon pages, never a crash', async ({
  page,
}) => {
  const clinic = await createClinic();
  await signInAsStaff(page, clinic.username, clinic.password);
  await expect(page).toHaveURL('/MAIN/queue');
  await snap(page, 'shell');

  const mainNav = page.getByRole('navigation', { name: 'Main navigation' });
  await mainNav.getByRole('link', { name: 'Inventory' }).click();
  await expect(page).toHaveURL('/MAIN/inventory/items');
  await expect(page.getByRole('heading', { name: 'Items' })).toBeVisible();

  await mainNav.getByRole('link', { name: 'Search' }).click();
  await expect(page).toHaveURL('/MAIN/search');
  await expect(page.getByRole('heading', { name: 'Search' })).toBeVisible();
  await expect(page.getByText(/coming soon/)).toBeVisible();
  await snap(page, 'coming-soon');

  await page.getByRole('button', { name: 'Site map' }).hover();
  const siteMap = page.getByRole('menu');
  await expect(siteMap.getByText('SETTING', { exact: true })).toBeVisible();
  await expect(siteMap.getByText('QUEUE', { exact: true })).toBeVisible();
  await expect(siteMap.getByText('INVENTORY', { exact: true })).toBeVisible();
  await expect(siteMap.getByText('OTHERS', { exact: true })).toBeVisible();
  await snap(page, 'site-map');
  await siteMap.getByRole('menuitem', { name: 'Stock tally' }).click();
  await expect(page).toHaveURL('/MAIN/inventory/stockTally');
  await expect(page.getByRole('heading', { name: 'Stock tally' })).toBeVisible();

  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Importer' })).toBeVisible();
  await expect(page.getByTestId('user-menu')).toContainText('GH');
  await page.getByRole('menuitem', { name: 'My Profile' }).click();
  await expect(page).toHaveURL('/MAIN/user/profile');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expectAccessible(page);
});

test('[SHELL] a front-desk user has no Importer entry', async ({ page }) => {
  await signInAsStaff(page, 'demo.frontdesk', 'Clinic-demo-2026');
  await expect(page).toHaveURL('/TPY/queue');
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Importer' })).toHaveCount(0);
});

test('[SHELL] an ended session (401) sends the user to login, and back after signing in', async ({
  page,
}) => {
  const clinic = await createClinic();
  await signInAsStaff(page, clinic.username, clinic.password);
  await expect(page).toHaveURL('/MAIN/queue');
  await page.goto('/MAIN/user/profile');
  await expect(page.getByRole('heading', { name: 'My profile' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expireSessions(clinic);
  // The next call the page makes is answered 401.
  await page.reload();
  await expect(page).toHaveURL('/auth/login?redirect=%2FMAIN%2Fuser%2Fprofile');
  await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
});

test('[SHELL] a session the server ended for inactivity sends the user to login, saying why', async ({
  page,
}) => {
  const clinic = await createClinic();
  await signInAsStaff(page, clinic.username, clinic.password);
  await expect(page).toHaveURL('/MAIN/queue');
  await page.goto('/MAIN/user/profile');
  await expect(page.getByRole('heading', { name: 'My profile' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The browser slept (its timers did not run): the server's clock says the session is over.
  await idleSessions(clinic);
  await page.reload();
  await expect(page).toHaveURL('/auth/login?redirect=%2FMAIN%2Fuser%2Fprofile');
  await expect(
    page.getByText('You were signed out because Clinic Manager was not used for a while.', {
      exact: false,
    }),
  ).toBeVisible();
});

test('[SHELL] the inactivity dialog signs the user out after the clinic time-out', async ({
  page,
}) => {
  const clinic = await createClinic();
  await setInactivityMinutes(clinic, 1);
  await page.clock.install();
  await signInAsStaff(page, clinic.username, clinic.password);
  await expect(page).toHaveURL('/MAIN/queue');

  await page.clock.fastForward('00:50');
  await expect(page.getByRole('dialog', { name: 'Are you still there?' })).toBeHidden();
  await page.clock.fastForward('00:15');
  const dialog = page.getByRole('dialog', { name: 'Are you still there?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(/signed out in 4:5\d/);
  // The queue page behind the countdown is gone, not just covered.
  await expect(page.getByRole('heading', { name: 'Hidden while you are away' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Queue', level: 1 })).toHaveCount(0);
  await snap(page, 'inactivity');

  // Asking for more time keeps the session; the next lapse signs out.
  await dialog.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Queue', level: 1 })).toBeVisible();
  await page.clock.fastForward('01:05');
  await expect(dialog).toBeVisible();
  await page.clock.fastForward('05:01');
  await expect(page).toHaveURL('/auth/login?logout=1');
});

test('[SHELL] switching branch changes the BranchId every call sends', async ({ page }) => {
  const clinic = await createClinic();
  const eastId = await addBranch(clinic, 'EAST', 'East Coast branch');
  const mainBranch = page.waitForRequest((request) =>
    request.url().endsWith('/api/v1/branches/current'),
  );
  await signInAsStaff(page, clinic.username, clinic.password);
  await expect(page).toHaveURL('/MAIN/queue');
  const mainId = (await mainBranch).headers().branchid;
  expect(mainId).toMatch(/^[0-9a-f-]{36}$/);

  await page.getByTestId('branch-switcher').click();
  await expect(page.getByRole('menuitem', { name: 'East Coast branch' })).toBeVisible();
  await snap(page, 'branch-switcher');
  const eastBranch = page.waitForRequest((request) =>
    request.url().endsWith('/api/v1/branches/current'),
  );
  await page.getByRole('menuitem', { name: 'East Coast branch' }).click();
  await expect(page).toHaveURL('/EAST/queue');
  expect((await eastBranch).headers().branchid).toBe(eastId);
  expect(eastId).not.toBe(mainId);
  await expect(page.getByTestId('branch-switcher')).toContainText('EAST');
});
