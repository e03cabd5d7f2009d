import { formatMoney, nricFor, parseMoney } from '@clinic/domain';
import { expect, test } from '../support/test.ts';
import { addPatient, addStaff, callApi, createClinic, enqueue } from '../support/clinic.ts';
import { addCatalogItem, signInAsAdmin, signInToClinic, visitOf } from '../support/pharmacy.ts';
import { snap } from '../support/screens.ts';

test('[BILLING] front desk bills a visit and takes half by NETS, half in cash with change', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const clinic = await createClinic();
  const doctor = await addStaff(clinic, '50', 'Rachel');
  const desk = await addStaff(clinic, 'Front Desk', 'Desmond');
  const admin = await signInAsAdmin(clinic);
  const medicine = async (code: string, name: string, unit: string, sellingPriceCents: number) =>
    (
      await addCatalogItem(admin, {
        type: 'Med',
        code,
        name,
        dispensingUnit: unit,
        sellingPriceCents,
      })
    ).id;
  const para = await medicine('E2EPARA', 'Paracetamol 500 mg tablet', 'tab', 20);
  const amox = await medicine('E2EAMOX', 'Amoxicillin 500 mg capsule', 'cap', 45);

  // The patient's visit and the doctor's prescription, through the API.
  const patientId = await addPatient(desk, 'Billing Tan', nricFor('S', '7234562'));
  await enqueue(desk, patientId, doctor.id);
  const visitId = await visitOf(desk, patientId);
  const prescribe = (catalogItemId: string, fields: Record<string, unknown>) =>
    callApi(
      'POST',
      `/visits/${visitId}/prescriptions`,
      { catalogItemId, prescriptMode: 1, consumeMethod: 'TAKE', cycle: 'day', ...fields },
      doctor.token,
      doctor.branchId,
    );
  await prescribe(para, { consumeQuantity: 1, frequency: 'TDS', duration: 5 });
  await prescribe(amox, { consumeQuantity: 2, frequency: 'BD', duration: 7 });

  // The desk bills the visit: a draft of its prescription lines.
  await signInToClinic(page, desk);
  await page.goto(`/MAIN/patients/${patientId}/medical-records/${visitId}`);
  await page.getByRole('button', { name: 'Bill this visit' }).click();
  await expect(page).toHaveURL(/\/MAIN\/invoice\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { name: 'Draft invoice' })).toBeVisible();
  await expect(page.getByTestId('invoice-line')).toHaveCount(2);
  await snap(page, 'billing-draft');

  // Finalised after the question: it takes its number and is read-only.
  await page.getByRole('button', { name: 'Finalise' }).click();
  const question = page.getByRole('dialog', { name: 'Finalise this invoice?' });
  await question.getByRole('button', { name: 'Finalise' }).click();
  await expect(page.getByRole('heading', { name: 'Invoice INV-000001' })).toBeVisible();
  await expect(page.getByTestId('invoice-status')).toHaveText('Issued');
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);

  // Half by NETS, the rest in cash from a $50 note: the change is the cash's.
  const grandTotal = parseMoney((await page.getByTestId('figure-grandTotal').textContent()) ?? '');
  if (!grandTotal.ok) throw new Error('The grand total is not money');
  const nets = Math.floor(grandTotal.cents / 2);
  const cashDue = grandTotal.cents - nets;
  const cash = 5000;
  await page.getByRole('button', { name: 'Take payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Take payment for INV-000001' });
  await dialog.getByRole('combobox', { name: 'Method of payment 1' }).selectOption('NETS');
  await dialog
    .getByRole('textbox', { name: 'Amount of payment 1 (dollars)' })
    .fill(formatMoney(nets, ''));
  await dialog.getByRole('button', { name: 'Add a method' }).click();
  await dialog.getByRole('combobox', { name: 'Method of payment 2' }).selectOption('Cash');
  await dialog
    .getByRole('textbox', { name: 'Amount of payment 2 (dollars)' })
    .fill(formatMoney(cash, ''));
  await expect(dialog.getByTestId('applied')).toHaveText(formatMoney(grandTotal.cents));
  await expect(dialog.getByTestId('change')).toHaveText(formatMoney(cash - cashDue));
  await expect(dialog.getByTestId('balance-after')).toHaveText('$0.00');
  await snap(page, 'billing-take-payment');
  await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(dialog).toHaveCount(0);

  await expect(page.getByTestId('invoice-status')).toHaveText('Fully paid');
  await expect(page.getByTestId('figure-balance')).toHaveText('$0.00');
  await expect(page.getByTestId('figure-paid')).toHaveText(formatMoney(grandTotal.cents));
  const payment = page.getByTestId('payment-row');
  await expect(payment).toContainText('RCP-000001');
  await expect(payment).toContainText(`NETS ${formatMoney(nets)}`);
  await expect(payment).toContainText(`Cash ${formatMoney(cashDue)}`);
  await expect(payment).toContainText(formatMoney(cash - cashDue));
  await expect(page.getByRole('button', { name: 'Take payment' })).toHaveCount(0);
  await snap(page, 'billing-paid');

  // The patient's invoices and payments tabs list them.
  await page.goto(`/MAIN/patients/${patientId}/invoices/list`);
  const row = page.getByTestId('invoice-row');
  await expect(row).toContainText('INV-000001');
  await expect(row).toContainText('Fully paid');
  await page.goto(`/MAIN/patients/${patientId}/payments`);
  await expect(page.getByTestId('payment-row')).toContainText('RCP-000001');
  await page.goto(`/MAIN/patients/${patientId}/invoices/list`);
  await page.getByRole('link', { name: 'Open invoice INV-000001' }).click();
  await expect(page.getByRole('heading', { name: 'Invoice INV-000001' })).toBeVisible();
});
