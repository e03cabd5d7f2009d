import { formatMoney, GPFIRST_SUBSIDY_CENTS, nricFor, REFERRAL_MESSAGES } from '@clinic/domain';
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { addPatient, addStaff, createClinic, enqueue } from '../support/clinic.ts';
import { capturePdfs, pdfText, printDialogs } from '../support/pdf.ts';
import { visitOf } from '../support/pharmacy.ts';
import { signInAsStaff, snap } from '../support/screens.ts';

const A4 = [595.28, 841.89];
const INSTITUTION = 'Singapore General Hospital Emergency Department';

async function choose(page: Page, scope: Locator, field: string, option: string) {
  await scope.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('[REFERRALS] a doctor writes a GPFirst referral from the visit, prints it and voids it', async ({
  page,
}) => {
  // The first preview loads the PDF library and renders the letter; the print renders again.
  test.setTimeout(240_000);
  const clinic = await createClinic();
  const doctor = await addStaff(clinic, '50', 'Rachel');
  const desk = await addStaff(clinic, 'Front Desk', 'Desmond');
  // A Singaporean patient: HSG is offered, and a new referral starts with it ticked.
  const patientId = await addPatient(desk, 'Referral Tan', nricFor('S', '7345678'));
  await enqueue(desk, patientId, doctor.id);
  const visitId = await visitOf(desk, patientId);
  await capturePdfs(page);

  // The doctor opens the visit from the patient's medical records.
  await signInAsStaff(page, doctor.username, doctor.password);
  await expect(page).toHaveURL('/MAIN/queue');
  await page.goto(`/MAIN/patients/${patientId}/medical-records`);
  await page.getByTestId('visit-row').getByRole('link').click();
  await expect(page).toHaveURL(`/MAIN/patients/${patientId}/medical-records/${visitId}`);

  // Referral out opens the editor for this visit.
  await page.getByRole('link', { name: 'Referral out' }).click();
  await expect(page).toHaveURL(`/MAIN/patients/${patientId}/referral/${visitId}/new`);
  await expect(page.getByRole('heading', { name: 'New referral out' })).toBeVisible();
  const editor = page.locator('form');
  await expect(editor.getByRole('checkbox', { name: 'HSG' })).toBeChecked();
  await choose(page, editor, 'Type of referral', 'GPFirst');
  await choose(page, editor, 'Referral institution', INSTITUTION);
  await choose(page, editor, 'Specialty', 'Emergency Medicine');
  await editor.getByRole('textbox', { name: 'Bill size (S$)' }).fill('120.00');
  await editor.getByRole('textbox', { name: 'Reason for referral' }).fill('Chest pain at rest');
  await editor.getByRole('textbox', { name: 'Medical history' }).fill('Hypertension');
  await editor.getByRole('textbox', { name: 'Drug allergies' }).fill('NKDA');

  // Save is refused until the GPFirst terms are acknowledged.
  const acknowledge = editor.getByRole('checkbox', {
    name: 'I acknowledge the terms and conditions above',
  });
  await expect(acknowledge).not.toBeChecked();
  await editor.getByRole('button', { name: 'Save' }).click();
  const refusal = page.getByRole('dialog').filter({ hasText: REFERRAL_MESSAGES.acknowledge });
  await expect(refusal).toBeVisible();
  await refusal.getByRole('button', { name: /ok/i }).click();
  await expect(refusal).toBeHidden();
  await expect(editor.getByText(REFERRAL_MESSAGES.acknowledge)).toBeVisible();
  await expect(page).toHaveURL(/\/new$/);

  await acknowledge.check();
  await expect(editor.getByText(REFERRAL_MESSAGES.acknowledge)).toBeHidden();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Success', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/referral/${visitId}/[0-9a-f-]{36}$`));
  await expect(page.getByRole('heading', { name: 'Referral out', exact: true })).toBeVisible();
  await expect(page.getByTestId('referral-facts').getByText('Draft')).toBeVisible();
  await snap(page, 'referral-gpfirst-saved');

  // It is listed in the patient's Referral tab.
  await page.getByRole('link', { name: 'Back to referrals' }).click();
  await expect(page).toHaveURL(`/MAIN/patients/${patientId}/referral`);
  const row = page.getByTestId('referral-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('GPFirst');
  await expect(row).toContainText(INSTITUTION);
  await expect(row).toContainText('Emergency Medicine');
  await expect(row).toContainText('Draft');
  await row.getByRole('link', { name: /Open the referral of/ }).click();

  // The letter preview: REFERRAL_A4 on A4, with the GPFirst terms and the $50 subsidy.
  const footer = page.getByTestId('referral-footer');
  await footer.getByRole('button', { name: 'Letter preview' }).click();
  const preview = page.getByRole('dialog', { name: 'Referral Letter Preview' });
  await expect(preview.getByTitle('Referral Letter Preview')).toBeVisible({ timeout: 45_000 });
  const letter = await pdfText(page, 0);
  expect(letter.pages).toEqual([A4]);
  for (const expected of [
    'Referral Tan',
    INSTITUTION,
    'Emergency Medicine',
    'GPFirst',
    'Valid until',
    `${formatMoney(GPFIRST_SUBSIDY_CENTS)} subsidy on the attendance fee.`,
    'Chest pain at rest',
    'Rachel Lim',
    'M54321C',
  ]) {
    expect(letter.text).toContain(expected);
  }
  await snap(page, 'referral-letter-preview');
  await preview.getByRole('button', { name: 'Close' }).last().click();
  await expect(preview).toBeHidden();

  // Print: the same letter goes to the browser's print dialog.
  await footer.getByRole('button', { name: 'Print' }).click();
  await expect(page.locator('iframe.print-frame')).toHaveAttribute('src', /^blob:/, {
    timeout: 45_000,
  });
  await expect.poll(() => printDialogs(page)).toBe(1);
  const printed = await pdfText(page, 1);
  expect(printed.pages).toEqual([A4]);
  expect(printed.text).toContain('Referral Tan');
  expect(printed.text).toContain(formatMoney(GPFIRST_SUBSIDY_CENTS));

  // Void with a reason: the referral turns read-only.
  await footer.getByRole('button', { name: 'Void' }).click();
  const voiding = page.getByRole('dialog', { name: 'Void Reason' });
  await voiding.getByRole('textbox', { name: 'Void reason' }).fill('Patient chose to go to a GP');
  await voiding.getByRole('button', { name: 'Void' }).click();
  await expect(voiding).toBeHidden();
  await expect(
    page.getByText('This referral has been voided: it can be read, not changed.'),
  ).toBeVisible();
  const facts = page.getByTestId('referral-facts');
  await expect(facts.getByText('Cancelled')).toBeVisible();
  await expect(facts.getByText('Patient chose to go to a GP')).toBeVisible();
  for (const gone of ['Save', 'Void', 'Print', 'Letter preview']) {
    await expect(footer.getByRole('button', { name: gone, exact: true })).toHaveCount(0);
  }
  await expect(editor.getByRole('textbox', { name: 'Reason for referral' })).toHaveAttribute(
    'readonly',
  );
  await snap(page, 'referral-voided');
});
