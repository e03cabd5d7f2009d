import { nricFor } from '@clinic/domain';
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { addPatient, addStaff, createClinic, enqueue } from '../support/clinic.ts';
import { expectAccessible, signInAsStaff } from '../support/screens.ts';
import { resolve } from 'node:path';

const TABLET = { width: 768, height: 1024 };
const SCREENS = resolve(import.meta.dirname, '../../test-results/e2e-screens');

/** The element lies wholly inside the window, left to right. */
async function expectInView(page: Page, element: Locator): Promise<void> {
  await expect(element).toBeVisible();
  const box = (await element.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x, 'left edge inside the window').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'right edge inside the window').toBeLessThanOrEqual(width);
}

/** The page itself does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'px the page scrolls sideways').toBeLessThanOrEqual(0);
}

/** The picker shows its whole value: nothing of it is cut. */
async function expectWholeValue(picker: Locator, value: string): Promise<void> {
  await expect(picker).toHaveValue(value);
  const cut = await picker.evaluate(
    (input: HTMLInputElement) => input.scrollWidth > input.clientWidth,
  );
  expect(cut, `'${value}' cut in its picker`).toBe(false);
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SCREENS}/${name}.png` });
}

test('[LAYOUT] on a 768 px tablet the queue and search results keep their actions in view; the navigation is a drawer', async ({
  page,
}) => {
  const clinic = await createClinic();
  const doctor = await addStaff(clinic, '50', 'Rachel');
  const desk = await addStaff(clinic, 'Front Desk', 'Desmond');
  const patientId = await addPatient(desk, 'Daniel Goh Wei Ming', nricFor('S', '7504120'));
  await enqueue(desk, patientId, doctor.id);

  await page.setViewportSize(TABLET);
  await signInAsStaff(page, clinic.username, clinic.password);
  await expect(page).toHaveURL('/MAIN/queue');
  const table = page.getByRole('table', { name: 'Queue of the day' });
  await expect(table.getByRole('row', { name: /Daniel Goh Wei Ming/ })).toBeVisible();

  // The skip link is the first tab stop and leads to the page.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expectInView(page, skip);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  // The row's primary action and the whole status are in view, and the page does not scroll sideways.
  await expectInView(page, table.locator('[data-primary-action]').first());
  await expectWholeValue(page.getByRole('combobox', { name: 'Status of queue 001' }), 'Pending');
  await expectNoSidewaysScroll(page);
  await shot(page, 'layout-queue-768');
  // And on a tablet held sideways.
  await page.setViewportSize({ width: 1024, height: 768 });
  await expectInView(page, table.locator('[data-primary-action]').first());
  await expectNoSidewaysScroll(page);
  await page.setViewportSize(TABLET);

  // The navigation is a drawer: closed, opened by the menu button, closed by Escape.
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(nav.getByRole('link', { name: 'Queue' })).toBeFocused();
  await shot(page, 'layout-drawer-768');
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open navigation' })).toBeFocused();

  // The search results' Action is in view.
  await page.getByRole('button', { name: 'Search by patient' }).click();
  const search = page.getByRole('dialog', { name: 'Search queue by patient' });
  await search.getByRole('combobox', { name: 'Patient' }).fill('Daniel Goh');
  await page.getByRole('option', { name: /Daniel Goh Wei Ming/ }).click();
  await search.getByRole('button', { name: 'Search', exact: true }).click();
  const results = search.getByRole('table', { name: 'Queue entries of the patient' });
  await expect(results.getByRole('row', { name: /Daniel Goh Wei Ming/ })).toBeVisible();
  await expectInView(page, results.locator('[data-primary-action]').first());
  await expectNoSidewaysScroll(page);
  await shot(page, 'layout-search-768');
  await expectAccessible(page);
});

test('[LAYOUT] with all 15 queue columns on a 1366 px laptop the Action column stays in view and pickers show their whole value', async ({
  page,
}) => {
  const clinic = await createClinic();
  const doctor = await addStaff(clinic, '50', 'Rachel');
  const desk = await addStaff(clinic, 'Front Desk', 'Desmond');
  await enqueue(desk, await addPatient(desk, 'Daniel Goh', nricFor('S', '7504120')), doctor.id);

  await signInAsStaff(page, clinic.username, clinic.password);
  await expect(page).toHaveURL('/MAIN/queue');
  await page.getByRole('button', { name: 'Columns' }).click();
  const chooser = page.getByRole('dialog', { name: 'Queue columns' });
  // The chooser's code loads when it is first opened.
  await expect(chooser.getByRole('checkbox').first()).toBeVisible();
  for (const box of await chooser.getByRole('checkbox').all()) await box.check();
  await page.keyboard.press('Escape');
  const table = page.getByRole('table', { name: 'Queue of the day' });
  await expect(table.getByRole('columnheader')).toHaveCount(16);

  await expectInView(page, table.getByRole('columnheader', { name: 'Action' }));
  await expectInView(page, table.locator('[data-primary-action]').first());
  await expectNoSidewaysScroll(page);

  await page.getByRole('combobox', { name: 'Room or service of queue 001' }).click();
  await page.getByRole('option', { name: 'Consultation Room 1' }).click();
  await expectWholeValue(
    page.getByRole('combobox', { name: 'Room or service of queue 001' }),
    'Consultation Room 1',
  );
  await page.getByRole('combobox', { name: 'Status of queue 001' }).click();
  await page.getByRole('option', { name: 'Consult Out' }).click();
  await expectWholeValue(
    page.getByRole('combobox', { name: 'Status of queue 001' }),
    'Consult Out',
  );
  await shot(page, 'layout-queue-all-columns-1366');

  // The columns are the user's: kept across a reload.
  await page.reload();
  await expect(table.getByRole('columnheader')).toHaveCount(16);
});

test('[LAYOUT] the tenant console at 768 px shows its page, with the navigation in a drawer', async ({
  page,
}) => {
  const clinic = await createClinic();
  await page.setViewportSize(TABLET);
  await page.goto('/login');
  await page.getByLabel('Username').fill(clinic.username);
  await page.getByRole('textbox', { name: 'Password' }).fill(clinic.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL('/console/tenant');

  const heading = page.getByRole('heading', { name: clinic.clinicName });
  await expectInView(page, heading);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav).toBeHidden();
  await expectNoSidewaysScroll(page);
  await shot(page, 'layout-console-768');

  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(nav.getByRole('link', { name: 'Clinic', exact: true })).toBeFocused();
  await nav.getByRole('link', { name: 'Branches' }).click();
  await expect(page).toHaveURL('/console/branches');
  await expect(nav).toBeHidden();
  await expectAccessible(page);
});
