import { nricFor } from '@clinic/domain';
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { addPatient, addStaff, callApi, createClinic, enqueue } from '../support/clinic.ts';
import { capturePdfs, pdfText, printDialogs } from '../support/pdf.ts';
import { recordSnackbars, signInAsStaff, snap } from '../support/screens.ts';

interface Caller {
  token: string;
  branchId: string;
}

/** A medicine of the clinic's catalog, made through the API as the administrator. */
async function medicine(admin: Caller, code: string, name: string, unit: string) {
  const item = await callApi<{ id: string }>(
    'POST',
    '/catalogs',
    { type: 'Med', code, name, dispensingUnit: unit, sellingPriceCents: 20 },
    admin.token,
    admin.branchId,
  );
  return item.id;
}

async function receive(
  admin: Caller,
  itemId: string,
  batchNo: string,
  quantity: number,
  expiry: string,
) {
  await callApi(
    'POST',
    '/inventory/receipts',
    { itemId, batchNo, expiryDate: expiry, quantity, unitCostCents: 5 },
    admin.token,
    admin.branchId,
  );
}

async function onHand(admin: Caller, itemId: string): Promise<number> {
  const detail = await callApi<{ item: { onHand: number } }>(
    'GET',
    `/inventory/items/${itemId}`,
    undefined,
    admin.token,
    admin.branchId,
  );
  return detail.item.onHand;
}

/** The PDF the page made last (the printed one, after the previews). */
async function lastPdf(page: Page) {
  const count = await page.evaluate(() => (window as unknown as { pdfs: Blob[] }).pdfs.length);
  return pdfText(page, count - 1);
}

test("[DISPENSE] front desk dispenses a visit's prescription and prints the labels", async ({
  page,
}) => {
  // The first print loads the PDF library; the preview renders again when a count changes.
  test.setTimeout(240_000);
  await capturePdfs(page);
  const clinic = await createClinic();
  const doctor = await addStaff(clinic, '50', 'Rachel');
  const desk = await addStaff(clinic, 'Front Desk', 'Desmond');
  const signedIn = await callApi<{ token: string; branches: Array<{ id: string }> }>(
    'POST',
    '/sign-in',
    { username: clinic.username, password: clinic.password },
  );
  const admin = { token: signedIn.token, branchId: signedIn.branches[0]!.id };

  // Stock: paracetamol in two batches (the earlier expiry goes first), amoxicillin in one.
  const para = await medicine(admin, 'E2EPARA', 'Paracetamol 500 mg tablet', 'tab');
  const amox = await medicine(admin, 'E2EAMOX', 'Amoxicillin 500 mg capsule', 'cap');
  await receive(admin, para, 'PCM-E2E-1', 10, '2030-06-30');
  await receive(admin, para, 'PCM-E2E-2', 30, '2031-12-31');
  await receive(admin, amox, 'AMX-E2E-1', 50, '2031-03-31');

  // The patient's visit and the doctor's prescription, through the API.
  const patientId = await addPatient(desk, 'Dispense Tan', nricFor('S', '7234561'));
  await enqueue(desk, patientId, doctor.id);
  const visits = await callApi<{ items: Array<{ id: string }> }>(
    'GET',
    `/visits?patientId=${patientId}`,
    undefined,
    desk.token,
    desk.branchId,
  );
  const visitId = visits.items[0]!.id;
  const prescribe = (catalogItemId: string, fields: Record<string, unknown>) =>
    callApi(
      'POST',
      `/visits/${visitId}/prescriptions`,
      { catalogItemId, prescriptMode: 1, consumeMethod: 'TAKE', cycle: 'day', ...fields },
      doctor.token,
      doctor.branchId,
    );
  await prescribe(para, {
    consumeQuantity: 1,
    frequency: 'TDS',
    duration: 5,
    indication: 'PAIN',
    precaution: 'AFTERFOOD',
  });
  await prescribe(amox, { consumeQuantity: 2, frequency: 'BD', duration: 7 });
  expect([await onHand(admin, para), await onHand(admin, amox)]).toEqual([40, 50]);

  // The desk opens the visit: each line in words, with the branch's stock.
  await signInAsStaff(page, desk.username, desk.password);
  await expect(page).toHaveURL('/MAIN/queue', { timeout: 30_000 });
  await page.goto(`/MAIN/patients/${patientId}/medical-records/${visitId}`);
  const section = page.getByRole('table', { name: 'Dispensing' });
  const lines = section.getByTestId('dispensing-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText('15 tab');
  await expect(lines.nth(0)).toContainText(
    'Take 1 tablet by mouth three times a day for 5 days. For pain. Take after food.',
  );
  await expect(lines.nth(1)).toContainText('28 cap');
  await expect(lines.nth(1)).toContainText('Not dispensed');
  await snap(page, 'dispensing-visit');

  // Dispense: the spec's question, both lines chosen, Yes.
  const snackbars = await recordSnackbars(page);
  await page.getByRole('button', { name: 'Dispense', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Dispense' });
  await expect(
    dialog.getByText('Are your sure dispense all the medications belongs payment?'),
  ).toBeVisible();
  await expect(
    dialog.getByRole('checkbox', { name: 'Dispense Paracetamol 500 mg tablet' }),
  ).toBeChecked();
  await expect(
    dialog.getByRole('checkbox', { name: 'Dispense Amoxicillin 500 mg capsule' }),
  ).toBeChecked();
  await snap(page, 'dispensing-dialog');
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(snackbars).toContain('Dispensed');
  await expect(lines.nth(0)).toContainText('by Desmond Lim');
  await expect(lines.nth(0)).toContainText('PCM-E2E-1 (exp. 2030-06-30) × 10');
  await expect(lines.nth(0)).toContainText('PCM-E2E-2 (exp. 2031-12-31) × 5');
  await expect(lines.nth(1)).toContainText('AMX-E2E-1 (exp. 2031-03-31) × 28');
  await expect(page.getByRole('button', { name: 'Dispense', exact: true })).toBeHidden();

  // Stock fell by exactly what was dispensed.
  expect([await onHand(admin, para), await onHand(admin, amox)]).toEqual([25, 22]);

  // The labels: two of the paracetamol, one of the amoxicillin, 76 x 35 mm each.
  await page.getByRole('button', { name: 'Print labels' }).click();
  const labels = page.getByRole('dialog', { name: 'Medication labels' });
  await expect(labels.getByTitle('Medication labels')).toBeVisible({ timeout: 45_000 });
  await labels.getByRole('textbox', { name: 'Labels of Paracetamol 500 mg tablet' }).fill('2');
  await expect(labels.getByTitle('Medication labels')).toBeVisible({ timeout: 45_000 });
  await snap(page, 'dispensing-labels');
  const print = labels.getByRole('button', { name: 'Print' });
  await expect(print).toBeEnabled();
  await print.click();
  await expect.poll(() => printDialogs(page)).toBe(1);
  const printed = await lastPdf(page);
  expect(printed.pages).toEqual([
    [215.43, 99.21],
    [215.43, 99.21],
    [215.43, 99.21],
  ]);
  // Words wrapped over two lines of a label read back with a line break between them.
  const text = printed.text.replace(/\s+/g, ' ');
  expect(text.match(/Paracetamol 500 mg tablet/g)).toHaveLength(2);
  expect(text.match(/Amoxicillin 500 mg capsule/g)).toHaveLength(1);
  for (const expected of [
    clinic.clinicName,
    'Dispense Tan',
    '15 tab',
    '28 cap',
    'Take 1 tablet by mouth three times a day for 5 days. For pain. Take after food.',
    'Take 2 capsules by mouth twice a day for 7 days.',
    'PCM-E2E-1 2030-06-30, PCM-E2E-2 2031-12-31',
    'AMX-E2E-1 2031-03-31',
  ]) {
    expect(text).toContain(expected);
  }
});
