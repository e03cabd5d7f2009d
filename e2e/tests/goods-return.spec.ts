import { formatCents, formatMoney, nricFor } from '@clinic/domain';
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { addPatient, addStaff, callApi, createClinic, enqueue } from '../support/clinic.ts';
import {
  addCatalogItem,
  onHand,
  receiveStock,
  signInAsAdmin,
  visitOf,
} from '../support/pharmacy.ts';
import { signInAsStaff, snap } from '../support/screens.ts';

/**
 * A goods return from the invoice screen (docs/architecture.md "Credit notes and deposits"):
 * dispensed medicine comes back and its stock on hand rises by what was returned.
 */
const PARA = { code: 'E2EGRPARA', name: 'Paracetamol 500 mg tablet', unit: 'tab', price: 20 };
// 1 tablet three times a day for 5 days: 15 x $0.20 = $3.00, tax 7 % = $0.21.
const BILLED = { quantity: 15, total: 321 };
const RECEIVED = 50;
const RETURNED = 5;
// 5 of 15 tablets of a $3.21 line: $1.07.
const CREDITED = 107;

/** The item page's 'On hand' figure. */
function onHandFigure(page: Page) {
  return page
    .getByText('On hand', { exact: true })
    .first()
    .locator('xpath=following-sibling::*[1]');
}

test('[BILLING] a goods return of a dispensed medicine puts it back into stock', async ({
  page,
}) => {
  test.setTimeout(180_000);
  expect(Math.round((BILLED.total * RETURNED) / BILLED.quantity)).toBe(CREDITED);

  // Set-up that is not the subject, through the API: stock received, the visit prescribed,
  // billed, paid in cash and dispensed through the payment.
  const clinic = await createClinic();
  const doctor = await addStaff(clinic, '50', 'Rachel');
  const desk = await addStaff(clinic, 'Front Desk', 'Desmond');
  const admin = await signInAsAdmin(clinic);
  const para = (
    await addCatalogItem(admin, {
      type: 'Med',
      code: PARA.code,
      name: PARA.name,
      dispensingUnit: PARA.unit,
      sellingPriceCents: PARA.price,
    })
  ).id;
  const nextYear = `${new Date().getUTCFullYear() + 1}-12-31`;
  await receiveStock(admin, para, { batchNo: 'GR-1', quantity: RECEIVED, expiryDate: nextYear });
  const patientId = await addPatient(desk, 'Return Tan', nricFor('S', '7234566'));
  await enqueue(desk, patientId, doctor.id);
  const visitId = await visitOf(desk, patientId);
  await callApi(
    'POST',
    `/visits/${visitId}/prescriptions`,
    {
      catalogItemId: para,
      prescriptMode: 1,
      consumeMethod: 'TAKE',
      cycle: 'day',
      consumeQuantity: 1,
      frequency: 'TDS',
      duration: 5,
    },
    doctor.token,
    doctor.branchId,
  );
  const asDesk = <T>(method: string, path: string, body?: unknown) =>
    callApi<T>(method, path, body, desk.token, desk.branchId);
  const draft = await asDesk<{ id: string; version: number }>('POST', `/visits/${visitId}/invoice`);
  const bill = await asDesk<{ version: number; grandTotalCents: number }>(
    'POST',
    `/invoices/${draft.id}/finalise`,
    { version: draft.version },
  );
  expect(bill.grandTotalCents).toBe(BILLED.total);
  const paid = await asDesk<{ payment: { id: string; version: number } }>(
    'POST',
    `/invoices/${draft.id}/payments`,
    { version: bill.version, tenders: [{ method: 'cash', amountCents: BILLED.total }] },
  );
  await asDesk('PATCH', `/payments/${paid.payment.id}/dispense`, {
    version: paid.payment.version,
  });
  const dispensed = RECEIVED - BILLED.quantity;
  expect(await onHand(admin, para)).toBe(dispensed);

  // 1. The administrator reads the item's stock on hand.
  await signInAsStaff(page, clinic.username, clinic.password);
  await expect(page).toHaveURL(/\/MAIN(\/queue)?$/);
  await page.goto(`/MAIN/inventory/items/${para}`);
  await expect(onHandFigure(page)).toHaveText(`${dispensed} ${PARA.unit}`);

  // 2. On the invoice, a goods return of 5 tablets: the amount offered is what they billed.
  await page.goto(`/MAIN/invoice/${draft.id}`);
  await expect(page.getByRole('heading', { name: 'Invoice INV-000001' })).toBeVisible();
  await page.getByRole('button', { name: 'Issue credit note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Issue a credit note for INV-000001' });
  await dialog.getByRole('radio', { name: 'Goods returned' }).check();
  await expect(dialog).toContainText(
    'Returned medicine goes back into stock, into the batches it was dispensed from.',
  );
  await dialog
    .getByRole('textbox', { name: `Quantity of ${PARA.name} to return` })
    .fill(String(RETURNED));
  await expect(dialog.getByRole('textbox', { name: 'Amount ($)' })).toHaveValue(
    formatCents(CREDITED),
  );
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Box returned unopened');
  await dialog.getByRole('combobox', { name: 'Given back in' }).selectOption('Cash');
  await snap(page, 'goods-return-dialog');
  await dialog.getByRole('button', { name: 'Issue', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  const note = page.getByTestId('credit-note-row');
  await expect(note).toContainText('CN-000001');
  await expect(note).toContainText('Goods return');
  await expect(page.getByTestId('figure-credited')).toHaveText(formatMoney(CREDITED));

  // 3. The item's stock on hand rose by the 5 tablets returned.
  await page.goto(`/MAIN/inventory/items/${para}`);
  await expect(onHandFigure(page)).toHaveText(`${dispensed + RETURNED} ${PARA.unit}`);
  await snap(page, 'goods-return-restocked');
});
