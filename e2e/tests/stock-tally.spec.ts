import { readFile } from 'node:fs/promises';
import { addStaff, callApi, createClinic, type Staff } from '../support/clinic.ts';
import { withDatabase } from '../support/outbox.ts';
import { expectAccessible, signInAsStaff, snap } from '../support/screens.ts';
import { expect, test } from '../support/test.ts';

/** A staff member of the clinic's first branch holding the Pharmacist role there. */
async function addPharmacist(clinic: Awaited<ReturnType<typeof createClinic>>): Promise<Staff> {
  const staff = await addStaff(clinic, 'Front Desk', 'Pharma');
  await withDatabase((client) =>
    client.query(
      `UPDATE user_branches SET role_id = r.id FROM roles r
        WHERE r.tenant_id = $1 AND r.system AND r.name = 'Pharmacist'
          AND user_branches.tenant_id = $1 AND user_branches.user_id = $2`,
      [clinic.tenantId, staff.id],
    ),
  );
  return staff;
}

/** A medicine of the clinic's catalog with one batch received into the branch. */
async function stocked(staff: Staff, admin: string, code: string, name: string, quantity: number) {
  const item = await callApi<{ id: string }>(
    'POST',
    '/catalogs',
    { type: 'Med', code, name, dispensingUnit: 'tab', sellingPriceCents: 30 },
    admin,
    staff.branchId,
  );
  await callApi(
    'POST',
    '/inventory/receipts',
    {
      itemId: item.id,
      batchNo: `${code}-LOT1`,
      expiryDate: '2031-06-30',
      quantity,
      unitCostCents: 25,
    },
    staff.token,
    staff.branchId,
  );
  return item.id;
}

const onHand = async (staff: Staff, itemId: string) =>
  (
    await callApi<{ item: { onHand: number } }>(
      'GET',
      `/inventory/items/${itemId}`,
      undefined,
      staff.token,
      staff.branchId,
    )
  ).item.onHand;

test('[INVENTORY] pharmacist counts the shelf and finalises the tally', async ({ page }) => {
  // A long journey (sign-in, a sheet, counts, finalising, the CSV, the history).
  test.slow();
  const clinic = await createClinic();
  const pharmacist = await addPharmacist(clinic);
  const admin = await callApi<{ token: string }>('POST', '/sign-in', {
    username: clinic.username,
    password: clinic.password,
  });
  const amox = await stocked(pharmacist, admin.token, 'AMX250', 'Amoxicillin 250 mg capsule', 40);
  const ors = await stocked(pharmacist, admin.token, 'ORS', 'Oral rehydration salts', 12);

  await signInAsStaff(page, pharmacist.username, pharmacist.password);
  await expect(page.getByRole('button', { name: /User menu of Pharma/ })).toBeVisible();
  await page.goto(`/${clinic.branchCode}/inventory/stockTally`);
  await expect(page.getByRole('heading', { name: 'Stock tally' })).toBeVisible();
  await expect(page.getByText('No count sheets yet.')).toBeVisible();

  // A sheet of every item in stock.
  await page.getByRole('button', { name: 'New count sheet' }).click();
  const dialog = page.getByRole('dialog', { name: 'New count sheet' });
  await dialog.getByRole('textbox', { name: 'Remark' }).fill('Dispensary shelves');
  await dialog.getByRole('button', { name: 'Open sheet' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Count sheet #1' })).toBeVisible();
  const amoxRow = page.getByRole('row', { name: /AMX250-LOT1/ });
  const orsRow = page.getByRole('row', { name: /ORS-LOT1/ });
  await expect(amoxRow).toContainText('40');
  await expect(orsRow).toContainText('12');

  // Counted with the keyboard: a count, Enter, the next count; the variance shows as typed.
  const first = page.getByRole('textbox', {
    name: 'Counted Amoxicillin 250 mg capsule, batch AMX250-LOT1',
  });
  await first.click();
  await page.keyboard.type('37');
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('textbox', { name: 'Counted Oral rehydration salts, batch ORS-LOT1' }),
  ).toBeFocused();
  await page.keyboard.type('13');
  await expect(amoxRow).toContainText('-3');
  await expect(amoxRow).toContainText('-0.75');
  await expect(orsRow).toContainText('+1');
  await expect(page.getByTestId('tally-value')).toHaveText('Variance value: -0.50');
  await page.getByRole('button', { name: 'Save counts' }).click();
  await expect(page.getByText('Counts saved.')).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'stock-tally-sheet');

  // Finalised after the confirmation, with the reason; the stock is the count.
  await page.getByRole('button', { name: 'Finalise…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Finalise count sheet #1?' });
  await expect(confirm).toContainText('2 counted batches will be set to their counts');
  await confirm.getByRole('button', { name: 'Finalise' }).click();
  await expect(confirm.getByText('Please give the reason for the stock tally.')).toBeVisible();
  await confirm
    .getByRole('textbox', { name: 'Reason for the stock tally' })
    .fill('Quarterly count');
  await confirm.getByRole('button', { name: 'Finalise' }).click();
  await expect(page.getByText('Count sheet finalised; stock is set to the counts.')).toBeVisible();
  await expect(page.getByText('Finalised', { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Counted/ })).toHaveCount(0);
  expect(await onHand(pharmacist, amox)).toBe(37);
  expect(await onHand(pharmacist, ors)).toBe(13);

  // The variance report as CSV.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = (await readFile(await (await download).path(), 'utf8'))
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(csv).toEqual([
    'itemCode,itemName,batchNo,expiryDate,expected,counted,variance,value',
    'AMX250,Amoxicillin 250 mg capsule,AMX250-LOT1,2031-06-30,40,37,-3,-0.75',
    'ORS,Oral rehydration salts,ORS-LOT1,2031-06-30,12,13,1,0.25',
  ]);

  // The item's tally history.
  await amoxRow.getByRole('link', { name: 'Tally history of Amoxicillin 250 mg capsule' }).click();
  await expect(
    page.getByRole('heading', { name: 'Tally history of Amoxicillin 250 mg capsule' }),
  ).toBeVisible();
  const history = page.getByRole('row', { name: /AMX250-LOT1/ });
  await expect(history).toContainText('#1');
  await expect(history).toContainText('Quarterly count');
  await expect(history).toContainText('-3');
  await expectAccessible(page);
});
