import { readFile } from 'node:fs/promises';
import { createClinic } from '../support/clinic.ts';
import { expect, test } from '../support/test.ts';
import { expectAccessible, snap } from '../support/screens.ts';

test('[CATALOGS] an administrator keeps a medication in the console: add, find, change the price, export, delete', async ({
  page,
}) => {
  const clinic = await createClinic();
  await page.goto('/login');
  await page.getByLabel('Username').fill(clinic.username);
  await page.getByRole('textbox', { name: 'Password' }).fill(clinic.password);
  await page.getByRole('textbox', { name: 'Password' }).press('Enter');
  await expect(page).toHaveURL('/console/tenant');
  await page.goto('/console/catalogs/medications');
  await expect(page.getByRole('heading', { name: 'Medications' })).toBeVisible();
  await expect(page.getByText('No items match.')).toBeVisible();

  // Add: the form refuses what the server would, then saves a price typed in dollars.
  await page.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Medication' });
  await dialog.getByRole('textbox', { name: 'Code', exact: true }).fill('PCM500');
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Paracetamol 500 mg tablet');
  await dialog.getByRole('textbox', { name: 'Selling price ($)' }).fill('0.205');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    dialog.getByText('Dispensing unit is required for medications and vaccines.'),
  ).toBeVisible();
  await expect(
    dialog.getByText('Selling price ($) must be an amount in dollars with at most 2 decimals'),
  ).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Selling price ($)' }).fill('0.20');
  await dialog.getByRole('textbox', { name: 'Strength', exact: true }).fill('500');
  await dialog.getByRole('combobox', { name: 'Strength unit' }).click();
  await page.getByRole('option', { name: /^MG\b/i }).first().click();
  await dialog.getByRole('combobox', { name: 'Dispensing unit' }).click();
  await page
    .getByRole('option', { name: /^TAB\b/i })
    .first()
    .click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: /PCM500/ });
  await expect(row).toContainText('Paracetamol 500 mg tablet');
  await expect(row).toContainText('0.20');
  await expectAccessible(page);
  await snap(page, 'catalog-medications');

  // Find it, and change its price.
  await page.getByRole('textbox', { name: 'Search' }).fill('parac');
  await expect(page.getByText('1 items')).toBeVisible();
  await row.getByRole('button', { name: 'Edit Paracetamol 500 mg tablet' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit PCM500' });
  await expect(edit.getByRole('textbox', { name: 'Selling price ($)' })).toHaveValue('0.20');
  await edit.getByRole('textbox', { name: 'Selling price ($)' }).fill('1,250.5');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('1250.50');

  // Export: the list as CSV, built in the browser.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^catalog-medications-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await file.path(), 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatch(/^type,code,name,category,strength,strengthUnit,dispensingUnit,/);
  expect(lines[1]).toMatch(/^Med,PCM500,Paracetamol 500 mg tablet,,500,MG,TAB,.*,1250\.50,/i);

  // Delete, after a confirmation.
  await row.getByRole('button', { name: 'Delete Paracetamol 500 mg tablet' }).click();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('No items match.')).toBeVisible();
});

test('[CATALOGS] a clinic adds its own frequency; the product entries stay read-only', async ({
  page,
}) => {
  const clinic = await createClinic();
  await page.goto('/login');
  await page.getByLabel('Username').fill(clinic.username);
  await page.getByRole('textbox', { name: 'Password' }).fill(clinic.password);
  await page.getByRole('textbox', { name: 'Password' }).press('Enter');
  await expect(page).toHaveURL('/console/tenant');
  await page.goto('/console/settings/inventory/frequency');
  await expect(page.getByRole('heading', { name: 'Frequencies' })).toBeVisible();
  const tds = page.getByRole('row', { name: /^TDS/ });
  await expect(tds).toContainText('System');
  await expect(tds.getByRole('button')).toHaveCount(0);

  await page.getByRole('button', { name: 'Add entry' }).click();
  const dialog = page.getByRole('dialog', { name: 'New entry' });
  await dialog.getByRole('textbox', { name: 'Code', exact: true }).fill('FIVE-DAILY');
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Five times a day');
  await dialog.getByRole('textbox', { name: 'Doses per cycle' }).fill('5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    dialog.getByText('Doses per cycle and cycle days go together: give both or neither.'),
  ).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Cycle days' }).fill('1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('textbox', { name: 'Search' }).fill('FIVE-DAILY');
  const q4h = page.getByRole('row', { name: /^FIVE-DAILY/ });
  await expect(q4h).toContainText('Five times a day');
  await expect(q4h).toContainText('Clinic');
  await expect(q4h.getByRole('button', { name: 'Edit FIVE-DAILY' })).toBeVisible();
});
