import { callApi, createClinic, addStaff } from '../support/clinic.ts';
import { withDatabase } from '../support/outbox.ts';
import { expectAccessible, signInAsStaff, snap } from '../support/screens.ts';
import { expect, test } from '../support/test.ts';

test('[INVENTORY] pharmacist orders from a supplier and receives in two parts', async ({
  page,
}) => {
  test.setTimeout(360_000);
  // A clinic with a supplier and a medicine in its catalog, and a pharmacist.
  const clinic = await createClinic();
  const admin = await callApi<{ token: string; branches: Array<{ id: string }> }>(
    'POST',
    '/sign-in',
    { username: clinic.username, password: clinic.password },
  );
  const branchId = admin.branches[0]!.id;
  const item = await callApi<{ id: string }>(
    'POST',
    '/catalogs',
    {
      type: 'Med',
      code: 'AMX500',
      name: 'Amoxicillin 500 mg capsule',
      strength: 500,
      strengthUnit: 'mg',
      dispensingUnit: 'cap',
      sellingPriceCents: 45,
      taxBasisPoints: 900,
    },
    admin.token,
    branchId,
  );
  await callApi(
    'POST',
    '/inventory/suppliers',
    {
      code: 'ZP',
      name: 'Zuellig Pharma',
      contactPerson: 'Alan Tan',
      contactNo: '6546 4000',
      address: '15 Changi North Way',
    },
    admin.token,
    branchId,
  );
  const pharmacist = await addStaff(clinic, 'Front Desk', 'Pharma');
  await withDatabase((client) =>
    client.query(
      `UPDATE user_branches SET role_id = (SELECT id FROM roles
         WHERE tenant_id = $1 AND system AND name = 'Pharmacist')
        WHERE tenant_id = $1 AND user_id = $2`,
      [clinic.tenantId, pharmacist.id],
    ),
  );
  const onHand = async () =>
    (
      await callApi<{ item: { onHand: number } }>(
        'GET',
        `/inventory/items/${item.id}`,
        undefined,
        admin.token,
        branchId,
      )
    ).item.onHand;

  await signInAsStaff(page, pharmacist.username, pharmacist.password);
  await expect(page).toHaveURL(/\/MAIN\/queue/, { timeout: 30_000 });
  await page.goto('/MAIN/inventory/purchases');
  await expect(page.getByRole('heading', { name: 'Purchase orders' })).toBeVisible();
  await expect(page.getByText('No purchase orders match.')).toBeVisible();

  // A new order: supplier, one line of 100 capsules at $0.12 (the item's 9% tax).
  await page.getByRole('button', { name: 'New purchase order' }).click();
  await page.getByRole('button', { name: 'Create purchase order' }).click();
  await expect(page.getByText('Please choose a supplier.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Supplier' }).click();
  await page.getByRole('option', { name: 'Zuellig Pharma' }).click();
  await page.getByRole('textbox', { name: 'Supplier PO' }).fill('SO-7781');
  await page.getByRole('textbox', { name: 'Terms' }).fill('30 days');
  await page.getByRole('combobox', { name: 'Add an item' }).fill('AMX');
  await page.getByRole('option', { name: /AMX500 Amoxicillin/ }).click();
  const quantity = page.getByRole('textbox', { name: 'Quantity of Amoxicillin 500 mg capsule' });
  await quantity.fill('100');
  await page
    .getByRole('textbox', { name: 'Unit cost of Amoxicillin 500 mg capsule (dollars)' })
    .fill('0.12');
  await expect(page.getByTestId('grand-total')).toContainText('12.00');
  await page.getByRole('button', { name: 'Create purchase order' }).click();
  await expect(page).toHaveURL(/\/MAIN\/inventory\/purchases\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Purchase order PO-000001' })).toBeVisible();
  // Saved, the line takes the item's 9% tax: 12.00 + 1.08.
  await expect(page.getByTestId('grand-total')).toContainText('13.08');

  // Confirm: the order can no longer be changed.
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save draft' })).toBeHidden();
  await expectAccessible(page);
  await snap(page, 'purchase-order-confirmed');

  // The print preview opens for the order (its PDF is read back in the server's render test).
  await page.getByRole('button', { name: 'Print purchase order' }).click();
  const preview = page.getByRole('dialog', { name: /Purchase order PO-000001/ });
  await expect(preview).toBeVisible();
  await preview.getByRole('button', { name: 'Close' }).last().click();
  await expect(preview).toBeHidden();

  // First delivery: 60 of 100 in batch LOT-A.
  await page.getByRole('button', { name: 'Receive stock' }).click();
  let dialog = page.getByRole('dialog', { name: 'Receive stock for PO-000001' });
  await dialog.getByRole('textbox', { name: 'Supplier invoice number' }).fill('INV-1001');
  const receivedQuantity = dialog.getByRole('textbox', {
    name: 'Quantity of Amoxicillin 500 mg capsule received',
  });
  await expect(receivedQuantity).toHaveValue('100');
  await receivedQuantity.fill('60');
  await dialog.getByRole('button', { name: 'Receive' }).click();
  await expect(dialog.getByText('Please enter the batch number.')).toBeVisible();
  await dialog
    .getByRole('textbox', { name: 'Batch number of Amoxicillin 500 mg capsule' })
    .fill('LOT-A');
  await dialog.getByLabel('Expiry date of Amoxicillin 500 mg capsule').fill('2030-06-30');
  await dialog.getByRole('button', { name: 'Receive' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Partly received', { exact: true })).toBeVisible();
  await expect(page.getByText('60 / 100')).toBeVisible();
  expect(await onHand()).toBe(60);

  // Second delivery: the 40 that remain, in batch LOT-B; more than that is refused.
  await page.getByRole('button', { name: 'Receive stock' }).click();
  dialog = page.getByRole('dialog', { name: 'Receive stock for PO-000001' });
  await expect(receivedQuantity).toHaveValue('40');
  await receivedQuantity.fill('41');
  await dialog
    .getByRole('textbox', { name: 'Batch number of Amoxicillin 500 mg capsule' })
    .fill('LOT-B');
  await dialog.getByRole('button', { name: 'Receive' }).click();
  await expect(dialog.getByText('Only 40 remain to be received.')).toBeVisible();
  await receivedQuantity.fill('40');
  await dialog.getByLabel('Expiry date of Amoxicillin 500 mg capsule').fill('2031-01-31');
  await dialog.getByRole('button', { name: 'Receive' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Stocked', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Receive stock' })).toBeHidden();
  expect(await onHand()).toBe(100);

  // The two deliveries, each a goods received note with its batch.
  await page.getByRole('link', { name: 'GRN-000002' }).click();
  await expect(page.getByRole('heading', { name: 'Goods received GRN-000002' })).toBeVisible();
  await expect(page.getByRole('row', { name: /LOT-B/ })).toContainText('40');
  await page.goto('/MAIN/inventory/received');
  await expect(page.getByRole('row', { name: /GRN-000001/ })).toContainText('INV-1001');
  await expect(page.getByRole('row', { name: /GRN-000002/ })).toBeVisible();
  // Dates as on every other screen ('28 Nov 2026'), not the API's '2026-11-28'.
  await expect(page.getByRole('row', { name: /GRN-000002/ })).toContainText(
    /\d{2} [A-Z][a-z]{2} \d{4}/,
  );
  await expectAccessible(page);
  await snap(page, 'goods-received');
  await page.goto('/MAIN/inventory/purchases');
  await expect(page.getByRole('row', { name: /PO-000001/ })).toContainText('Stocked');
  await expect(page.getByRole('row', { name: /PO-000001/ })).not.toContainText(/\d{4}-\d{2}-\d{2}/);
});
