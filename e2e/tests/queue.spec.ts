import { nricFor } from '@clinic/domain';
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { addPatient, addStaff, createClinic, enqueue } from '../support/clinic.ts';
import { capturePdfs, pdfText, printDialogs } from '../support/pdf.ts';
import { expectAccessible, recordSnackbars, signInAsStaff, snap } from '../support/screens.ts';

async function choose(page: Page, field: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option }).first().click();
}

test('[QUEUE] the front desk registers a new patient into the queue, seeing each rule once', async ({
  page,
}) => {
  const clinic = await createClinic();
  const doctor = await addStaff(clinic, '50', 'Rachel');
  const desk = await addStaff(clinic, 'Front Desk', 'Desmond');
  await signInAsStaff(page, desk.username, desk.password);
  await expect(page).toHaveURL('/MAIN/queue');
  await expect(page.getByText('Sorry, nothing to display. Please add a queue')).toBeVisible();
  await snap(page, 'queue-empty');

  await page.getByRole('button', { name: 'Add to queue' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add to queue' });
  await expect(dialog).toBeVisible();
  // ID type (NRIC), nationality and tel code start with the clinic's own.
  await expect(page.getByRole('combobox', { name: 'ID type' })).toHaveValue('NRIC');
  await dialog.getByRole('button', { name: 'Save' }).click();
  for (const message of [
    'The doctor field is required.',
    'The visit purpose field is required.',
    'The name field is required.',
    'The gender field is required.',
    'The birth date field is required.',
    'The ID number field is required.',
    'The mobile field is required.',
  ]) {
    await expect(dialog.getByText(message, { exact: true })).toHaveCount(1);
  }
  await snap(page, 'add-to-queue-errors');

  await choose(page, 'Doctor', /Rachel/);
  await dialog.getByRole('button', { name: /Visit purposes/ }).click();
  await page.getByRole('option', { name: 'Consultation' }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Jasmine Koh');
  await choose(page, 'Gender', 'Female');
  await dialog.getByRole('textbox', { name: 'Birth date' }).fill('03022015');
  await dialog.getByRole('textbox', { name: 'Birth date' }).press('Tab');
  await dialog.getByRole('textbox', { name: 'ID number' }).fill('S1234567A');
  await dialog.getByRole('textbox', { name: 'Mobile' }).fill('9'.repeat(33));
  await dialog.getByRole('textbox', { name: 'Email' }).fill('jas@koh.comm');
  await dialog.getByRole('button', { name: 'Save' }).click();
  for (const message of [
    'Please verify your entry for NRIC',
    'Mobile cannot exceed 32 characters',
    'Email cannot have more than 3 letters after "."',
    'The father name field is required for a patient under 16 when the mother name is empty.',
    'The mother name field is required for a patient under 16 when the father name is empty.',
  ]) {
    await expect(dialog.getByText(message, { exact: true })).toHaveCount(1);
  }

  await dialog.getByRole('textbox', { name: 'ID number' }).fill(nricFor('T', '1502031'));
  await dialog.getByRole('textbox', { name: 'Mobile' }).fill('98765432');
  await dialog.getByRole('textbox', { name: 'Email' }).fill('');
  await dialog.getByRole('textbox', { name: 'Mother' }).fill('Koh Mei Ling');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const table = page.getByRole('table', { name: 'Queue of the day' });
  await expect(table.getByRole('row', { name: /001.*Jasmine Koh/ })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'queue-one-entry');
  void doctor;
});

test('[QUEUE] two front desks: one adds, calls in and reorders; the other sees each change live', async ({
  browser,
}) => {
  const clinic = await createClinic();
  const doctor = await addStaff(clinic, '50', 'Rachel');
  const deskA = await addStaff(clinic, 'Front Desk', 'Alvin');
  const deskB = await addStaff(clinic, 'Front Desk', 'Bella');
  const first = await addPatient(deskA, 'Ong Kim Seng', nricFor('S', '6512345'));
  await addPatient(deskA, 'Hassan bin Ali', nricFor('S', '7012345'));
  await enqueue(deskA, first, doctor.id);

  const a = await (await browser.newContext()).newPage();
  const b = await (await browser.newContext()).newPage();
  await signInAsStaff(a, deskA.username, deskA.password);
  await signInAsStaff(b, deskB.username, deskB.password);
  const tableB = b.getByRole('table', { name: 'Queue of the day' });
  await expect(tableB.getByRole('row', { name: /001.*Ong Kim Seng/ })).toBeVisible();

  // A adds an existing patient found with the picker: B sees the row appear.
  await a.getByRole('button', { name: 'Add to queue' }).first().click();
  const dialog = a.getByRole('dialog', { name: 'Add to queue' });
  await dialog.getByRole('combobox', { name: 'Patient' }).fill('Hassan');
  await a.getByRole('option', { name: /Hassan bin Ali/ }).click();
  await choose(a, 'Doctor', /Rachel/);
  await dialog.getByRole('button', { name: /Visit purposes/ }).click();
  await a.getByRole('option', { name: 'Follow-up' }).click();
  await a.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(tableB.getByRole('row', { name: /002.*Hassan bin Ali/ })).toBeVisible();

  // A calls 001 in: B's row changes status and B is told.
  const tableA = a.getByRole('table', { name: 'Queue of the day' });
  const snackbarsOfB = await recordSnackbars(b);
  await tableA
    .getByRole('row', { name: /001.*Ong Kim Seng/ })
    .getByRole('button', { name: 'Call in' })
    .click();
  await expect(
    tableB.getByRole('row', { name: /001.*Ong Kim Seng/ }).getByRole('button', { name: 'Recall' }),
  ).toBeVisible();
  await expect
    .poll(async () => (await snackbarsOfB()).join('\n'))
    .toContain('Queue 001 (Ong Kim Seng) is called in.');

  // A moves 002 down below 001: B's order follows.
  await tableA.getByRole('button', { name: 'More actions for queue 002' }).click();
  await a.getByRole('menuitem', { name: 'Move down' }).click();
  await expect(tableB.getByRole('row').nth(1)).toContainText('001');
  await expect(tableB.getByRole('row').nth(2)).toContainText('002');
  await snap(b, 'queue-live');
});

test('[QUEUE] the column chooser is kept across a reload', async ({ page }) => {
  const clinic = await createClinic();
  await signInAsStaff(page, clinic.username, clinic.password);
  await expect(page).toHaveURL('/MAIN/queue');
  await page.getByRole('button', { name: 'Columns' }).click();
  const chooser = page.getByRole('dialog', { name: 'Queue columns' });
  await chooser.getByRole('checkbox', { name: 'Card No.' }).check();
  await chooser.getByRole('checkbox', { name: 'NRIC' }).uncheck();
  await snap(page, 'queue-columns');
  await page.keyboard.press('Escape');
  await page.reload();
  await page.getByRole('button', { name: 'Columns' }).click();
  await expect(chooser.getByRole('checkbox', { name: 'Card No.' })).toBeChecked();
  await expect(chooser.getByRole('checkbox', { name: 'NRIC' })).not.toBeChecked();
});

test('[QUEUE] the queue label prints the number, the name and the notice', async ({ page }) => {
  // The first print loads the PDF library and renders twice (preview, then the copies).
  test.setTimeout(150_000);
  // Every PDF the page makes (the preview, then the printed copies), to read back.
  await capturePdfs(page);
  const clinic = await createClinic();
  const doctor = await addStaff(clinic, '50', 'Rachel');
  const desk = await addStaff(clinic, 'Front Desk', 'Desmond');
  await enqueue(desk, await addPatient(desk, 'Tan Hwee Leng', nricFor('S', '8012345')), doctor.id);
  await signInAsStaff(page, desk.username, desk.password);
  await page.getByRole('button', { name: 'Print the queue label of 001' }).click();
  const dialog = page.getByRole('dialog', { name: 'Queue label 001' });
  // The PDF library loads and renders the label on first use.
  await expect(dialog.getByTitle('Queue label 001')).toBeVisible({ timeout: 45_000 });
  const preview = await pdfText(page, 0);
  expect(preview.pages).toEqual([[215.43, 99.21]]);
  expect(preview.text).toContain('PLEASE BE SEATED. YOU WILL BE SERVED SHORTLY.');
  expect(preview.text).toContain('Tan Hwee Leng');
  await dialog.getByRole('textbox', { name: 'Number of Copies' }).fill('2');
  await snap(page, 'queue-label');
  await dialog.getByRole('button', { name: 'Print' }).click();
  // What goes to the printer: a PDF of two 76 x 35 mm labels, printed through a frame.
  await expect(page.locator('iframe.print-frame')).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => printDialogs(page)).toBe(1);
  const printed = await pdfText(page, 1);
  expect(printed.pages).toEqual([
    [215.43, 99.21],
    [215.43, 99.21],
  ]);
  expect(printed.text.match(/PLEASE BE SEATED/g)).toHaveLength(2);
  expect(printed.text).toContain('Tan Hwee Leng');
});
