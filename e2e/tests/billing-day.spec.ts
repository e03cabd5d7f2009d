import { formatCents, formatMoney, nricFor } from '@clinic/domain';
import { expect, test, watchForProblems } from '../support/test.ts';
import { BASE, addPatient, addStaff, callApi, createClinic, enqueue } from '../support/clinic.ts';
import { capturePdfs, pdfText } from '../support/pdf.ts';
import { addCatalogItem, signInAsAdmin, signInToClinic, visitOf } from '../support/pharmacy.ts';
import { LAPTOP, signInAsStaff, snap } from '../support/screens.ts';

/**
 * The bill of this journey, worked out by hand from the catalog prices set up below, the
 * clinic's default tax (TAX, 7 %) and the CHAS Blue tier's common-illness cap of $18.50
 * per visit, given to claimable lines in line order up to what each line bills.
 */
const PARA = { code: 'E2EDAYPARA', name: 'Paracetamol 500 mg tablet', unit: 'tab', price: 20 };
const AMOX = { code: 'E2EDAYAMOX', name: 'Amoxicillin 500 mg capsule', unit: 'cap', price: 90 };
const BILL = {
  // 1 tablet three times a day for 5 days: 15 tablets x $0.20 = $3.00, tax 7 % = $0.21.
  para: { quantity: 15, amount: 300, tax: 21, subsidy: 321 },
  // 2 capsules twice a day for 7 days: 28 capsules x $0.90 = $25.20, tax 7 % = $1.764 -> $1.76.
  // The cap's rest: $18.50 - $3.21 = $15.29.
  amox: { quantity: 28, amount: 2520, tax: 176, subsidy: 1529 },
  subtotal: 2820,
  tax: 197,
  subsidy: 1850,
  // $28.20 + $1.97 - $18.50
  grandTotal: 1167,
};
// Half by NETS (rounded down), the rest in cash from a $10 note.
const NETS = 583;
const CASH_DUE = 584;
const CASH_TENDERED = 1000;
const CHANGE = 416;
const CREDITED = 300;

test("[BILLING] a CHAS patient's visit billed with the subsidy, paid by NETS and cash, printed, seen on the dashboard and credited", async ({
  page,
  browser,
  pageProblems,
}) => {
  test.setTimeout(240_000);
  expect(BILL.para.amount + BILL.amox.amount).toBe(BILL.subtotal);
  expect(BILL.subtotal + BILL.tax - BILL.subsidy).toBe(BILL.grandTotal);
  expect(NETS + CASH_DUE).toBe(BILL.grandTotal);

  // Set-up that is not the subject: the clinic, its medicines, the patient's visit and the
  // doctor's prescription, through the API.
  const clinic = await createClinic();
  const doctor = await addStaff(clinic, '50', 'Rachel');
  const desk = await addStaff(clinic, 'Front Desk', 'Desmond');
  const admin = await signInAsAdmin(clinic);
  const medicine = async (item: typeof PARA) =>
    (
      await addCatalogItem(admin, {
        type: 'Med',
        code: item.code,
        name: item.name,
        dispensingUnit: item.unit,
        sellingPriceCents: item.price,
      })
    ).id;
  const para = await medicine(PARA);
  const amox = await medicine(AMOX);
  const patientId = await addPatient(desk, 'Chas Tan', nricFor('S', '7234564'));
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

  // 1. The desk gives the patient a CHAS Blue card in the Subsidy tab.
  await capturePdfs(page);
  await signInToClinic(page, desk);
  await page.goto(`/MAIN/patients/${patientId}/personal/profile`);
  await page.getByRole('link', { name: 'Subsidy', exact: true }).click();
  await expect(page.getByTestId('subsidy-no-card')).toBeVisible();
  await page.getByRole('combobox', { name: 'Tier' }).selectOption('CHAS Blue');
  await page.getByRole('textbox', { name: 'Valid from' }).fill('01012020');
  await page.getByRole('button', { name: 'Save tier' }).click();
  await expect(page.getByTestId('subsidy-tier')).toHaveText('CHAS Blue');
  await expect(page.getByTestId('subsidy-card')).toContainText('Valid today');

  // 2. The visit's bill: each line's subsidy, and the totals.
  await page.goto(`/MAIN/patients/${patientId}/medical-records/${visitId}`);
  await page.getByRole('button', { name: 'Bill this visit' }).click();
  await expect(page).toHaveURL(/\/MAIN\/invoice\/[0-9a-f-]+$/);
  const invoiceUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { name: 'Draft invoice' })).toBeVisible();
  await page.getByRole('button', { name: 'Finalise' }).click();
  const question = page.getByRole('dialog', { name: 'Finalise this invoice?' });
  await question.getByRole('button', { name: 'Finalise' }).click();
  await expect(page.getByRole('heading', { name: 'Invoice INV-000001' })).toBeVisible();
  await expect(page.getByTestId('invoice-scheme')).toHaveText('CHAS: CHAS Blue · Common illness');
  await expect(page.getByTestId('subsidy-dollar')).toHaveText(formatMoney(BILL.subsidy));
  const lines = page.getByTestId('invoice-line');
  await expect(lines).toHaveCount(2);
  for (const [index, [item, line]] of [
    [PARA, BILL.para],
    [AMOX, BILL.amox],
  ].entries() as IterableIterator<[number, [typeof PARA, typeof BILL.para]]>) {
    const row = lines.nth(index);
    await expect(row).toContainText(item.name);
    await expect(row.getByRole('cell')).toHaveText([
      item.code,
      item.name,
      String(line.quantity),
      item.unit,
      formatMoney(item.price),
      '',
      formatMoney(line.tax),
      formatMoney(line.amount),
      formatMoney(line.subsidy),
    ]);
  }
  await expect(page.getByTestId('figure-subtotal')).toHaveText(formatMoney(BILL.subtotal));
  await expect(page.getByTestId('figure-tax')).toHaveText(formatMoney(BILL.tax));
  await expect(page.getByTestId('figure-subsidy')).toHaveText(`-${formatMoney(BILL.subsidy)}`);
  await expect(page.getByTestId('figure-rounding')).toHaveText('$0.00');
  await expect(page.getByTestId('figure-grandTotal')).toHaveText(formatMoney(BILL.grandTotal));
  await expect(page.getByTestId('figure-balance')).toHaveText(formatMoney(BILL.grandTotal));
  await snap(page, 'billing-day-subsidised');

  // 3. Half by NETS, the rest in cash from a $10 note: the change is said before paying.
  await page.getByRole('button', { name: 'Take payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Take payment for INV-000001' });
  await dialog.getByRole('combobox', { name: 'Method of payment 1' }).selectOption('NETS');
  await dialog
    .getByRole('textbox', { name: 'Amount of payment 1 (dollars)' })
    .fill(formatCents(NETS));
  await dialog.getByRole('button', { name: 'Add a method' }).click();
  await dialog.getByRole('combobox', { name: 'Method of payment 2' }).selectOption('Cash');
  await dialog
    .getByRole('textbox', { name: 'Amount of payment 2 (dollars)' })
    .fill(formatCents(CASH_TENDERED));
  await expect(dialog.getByTestId('applied')).toHaveText(formatMoney(BILL.grandTotal));
  await expect(dialog.getByTestId('change')).toHaveText(formatMoney(CHANGE));
  await expect(dialog.getByTestId('balance-after')).toHaveText('$0.00');
  await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('invoice-status')).toHaveText('Fully paid');
  await expect(page.getByTestId('figure-paid')).toHaveText(formatMoney(BILL.grandTotal));
  await expect(page.getByTestId('figure-balance')).toHaveText('$0.00');
  const payment = page.getByTestId('payment-row');
  await expect(payment).toContainText('RCP-000001');
  await expect(payment).toContainText(`NETS ${formatMoney(NETS)}`);
  await expect(payment).toContainText(`Cash ${formatMoney(CASH_DUE)}`);
  await expect(payment).toContainText(formatMoney(CHANGE));

  // 4. The receipt and the tax invoice previewed from the Print menu, read back as text.
  await page.getByRole('button', { name: 'Print this invoice' }).click();
  await page.getByRole('menuitem', { name: 'Receipt (A4)' }).click();
  const receiptDialog = page.getByRole('dialog', { name: 'Receipt of invoice INV-000001' });
  await expect(receiptDialog.getByTitle('Receipt of invoice INV-000001')).toBeVisible({
    timeout: 45_000,
  });
  const receipt = (await pdfText(page, 0)).text;
  for (const expected of [
    'RECEIPT',
    'Chas Tan',
    'INV-000001',
    'RCP-000001',
    `Subsidy ${formatMoney(BILL.subsidy)}`,
    `Grand total ${formatMoney(BILL.grandTotal)}`,
    `Paid ${formatMoney(BILL.grandTotal)}`,
    'Balance $0.00',
  ]) {
    expect(receipt).toContain(expected);
  }
  await receiptDialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(receiptDialog).toHaveCount(0);

  await page.getByRole('button', { name: 'Print this invoice' }).click();
  await page.getByRole('menuitem', { name: 'Tax invoice' }).click();
  const taxDialog = page.getByRole('dialog', { name: 'Tax invoice INV-000001' });
  await expect(taxDialog.getByTitle('Tax invoice INV-000001')).toBeVisible({ timeout: 45_000 });
  const taxInvoice = (await pdfText(page, 1)).text;
  for (const expected of [
    'TAX INVOICE',
    'CHAS CHAS Blue',
    // The tax invoice's grand total is before subsidies (doc 3 section 4).
    `Grand total ${formatMoney(BILL.subtotal + BILL.tax)}`,
    `Dollar subsidy (CHAS) ${formatMoney(BILL.subsidy)}`,
    `Subsidy total ${formatMoney(BILL.subsidy)}`,
    `Net due ${formatMoney(BILL.grandTotal)}`,
    `Patient payable ${formatMoney(BILL.grandTotal)}`,
  ]) {
    expect(taxInvoice).toContain(expected);
  }
  await taxDialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(taxDialog).toHaveCount(0);

  // 5. The administrator, in a browser of their own, reads the day on the dashboard.
  const adminContext = await browser.newContext({ baseURL: BASE, viewport: LAPTOP });
  const owner = await adminContext.newPage();
  watchForProblems(owner, pageProblems);
  await signInAsStaff(owner, clinic.username, clinic.password);
  await expect(owner).toHaveURL(/\/MAIN(\/queue)?$/);
  await owner.goto('/MAIN/dashboard');
  await expect(owner.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(owner.getByTestId('card-billed')).toContainText(formatCents(BILL.grandTotal));
  await expect(owner.getByTestId('card-payment')).toContainText(formatCents(BILL.grandTotal));
  await expect(owner.getByTestId('card-payment')).toContainText(
    `Subsidy: ${formatCents(BILL.subsidy)}`,
  );
  // Cash counts what it paid of the bill, not the note handed over.
  await expect(owner.getByRole('img', { name: /^Payment methods/ })).toHaveAccessibleName(
    `Payment methods, Cash ${formatCents(CASH_DUE)}, NETS ${formatCents(NETS)}`,
  );
  await expect(owner.getByTestId('dashboard-unpaid')).toContainText('All invoice(s) was paid');
  await snap(owner, 'billing-day-dashboard');

  // 6. The administrator credits part of the bill; the invoice shows it.
  await owner.goto(invoiceUrl);
  await expect(owner.getByRole('heading', { name: 'Invoice INV-000001' })).toBeVisible();
  await owner.getByRole('button', { name: 'Issue credit note' }).click();
  const credit = owner.getByRole('dialog', { name: 'Issue a credit note for INV-000001' });
  await expect(credit).toContainText(
    `At most ${formatMoney(BILL.grandTotal)} can be credited: what was paid less earlier credit notes.`,
  );
  await credit.getByRole('textbox', { name: 'Amount ($)' }).fill(formatCents(CREDITED));
  await credit.getByRole('textbox', { name: 'Reason' }).fill('Amoxicillin capsules returned');
  await credit.getByRole('combobox', { name: 'Given back in' }).selectOption('Cash');
  await credit.getByRole('button', { name: 'Issue', exact: true }).click();
  await expect(credit).toHaveCount(0);
  const note = owner.getByTestId('credit-note-row');
  await expect(note).toContainText('CN-000001');
  await expect(note).toContainText('Amoxicillin capsules returned');
  await expect(note).toContainText(formatMoney(CREDITED));
  await expect(owner.getByTestId('figure-credited')).toHaveText(formatMoney(CREDITED));
  await expect(owner.getByTestId('figure-paid')).toHaveText(formatMoney(BILL.grandTotal));
  await expect(owner.getByTestId('figure-balance')).toHaveText('$0.00');
  await snap(owner, 'billing-day-credited');

  // The desk's invoice, read again, shows the credit too.
  await page.reload();
  await expect(page.getByTestId('figure-credited')).toHaveText(formatMoney(CREDITED));
  await adminContext.close();
});
