import { normalizeUsername } from '@clinic/domain';
import { readFile } from 'node:fs/promises';
import { callApi, createClinic, type TestClinic } from '../support/clinic.ts';
import { withDatabase } from '../support/outbox.ts';
import { expectAccessible, signInAsStaff, snap } from '../support/screens.ts';
import { expect, test } from '../support/test.ts';

/** A pharmacist of the clinic's first branch (the system role 'Pharmacist'). */
async function addPharmacist(clinic: TestClinic) {
  const username = `pharma-${Date.now().toString(36)}`;
  const password = 'Staff-password-2026';
  const { hashSecret } = await import('../../apps/server/src/platform/passwords.ts');
  const hash = await hashSecret(password);
  await withDatabase(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO users (tenant_id, username, normalized_username, first_name, last_name, email, type, password_hash, must_change_password)
       VALUES ($1, $2, $4, 'Priya', 'Lim', $2 || '@example.com', 'Nurse', $3, false) RETURNING id`,
      [clinic.tenantId, username, hash, normalizeUsername(username)],
    );
    await client.query(
      `INSERT INTO user_branches (tenant_id, user_id, branch_id, is_default, role_id)
       SELECT $1, $2, b.id, true, r.id FROM roles r, branches b
        WHERE r.tenant_id = $1 AND r.system AND r.name = 'Pharmacist'
          AND b.tenant_id = $1 AND b.code = $3`,
      [clinic.tenantId, rows[0]!.id, clinic.branchCode],
    );
  });
  return { username, password };
}

test('[INVENTORY] pharmacist receives a batch, adjusts it and finds it in the ledger', async ({
  page,
}) => {
  // A long journey; the first visit of each page loads its chunk on a machine shared by many.
  test.setTimeout(240_000);
  // Fixtures through the API: a medication of the catalog and a supplier.
  const clinic = await createClinic();
  const admin = await callApi<{ token: string; branches: Array<{ id: string }> }>(
    'POST',
    '/sign-in',
    { username: clinic.username, password: clinic.password },
  );
  const branchId = admin.branches[0]!.id;
  await callApi(
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
    },
    admin.token,
    branchId,
  );
  await callApi(
    'POST',
    '/inventory/suppliers',
    { code: 'ZUELLIG', name: 'Zuellig Pharma' },
    admin.token,
    branchId,
  );
  const pharmacist = await addPharmacist(clinic);
  await signInAsStaff(page, pharmacist.username, pharmacist.password);
  await expect(page).not.toHaveURL(/auth\/login/);

  // The section opens on its items: nothing on hand yet.
  await page.goto(`/${clinic.branchCode}/inventory`);
  await expect(page).toHaveURL(`/${clinic.branchCode}/inventory/items`);
  const row = page.getByRole('row', { name: /AMX500/ });
  // The first visit loads the section's chunk: generous on a busy machine.
  await expect(row).toContainText('Amoxicillin 500 mg capsule', { timeout: 30_000 });
  await expect(row.getByRole('cell').nth(2)).toHaveText('0 cap');
  await row.getByRole('link', { name: 'Open Amoxicillin 500 mg capsule' }).click();
  await expect(
    page.getByRole('heading', { name: 'Amoxicillin 500 mg capsule (AMX500)' }),
  ).toBeVisible();

  // Receive: the form says what is missing, then takes the batch with its cost in dollars.
  await page.getByRole('button', { name: 'Receive stock' }).click();
  const receive = page.getByRole('dialog', { name: 'Receive stock of Amoxicillin 500 mg capsule' });
  await receive.getByRole('button', { name: 'Receive' }).click();
  await expect(receive.getByText('batchNo is required')).toBeVisible();
  await expect(
    receive.getByText('Please enter the expiry date, or tick that the item does not expire.'),
  ).toBeVisible();
  await receive.getByRole('textbox', { name: 'Batch no.' }).fill('AMX-2611');
  await receive.getByRole('textbox', { name: 'Expiry date' }).fill('31122031');
  await receive.getByRole('textbox', { name: 'Expiry date' }).press('Tab');
  await receive.getByRole('textbox', { name: 'Quantity' }).fill('50');
  await receive.getByRole('textbox', { name: 'Unit cost (S$)' }).fill('0.355');
  await receive.getByRole('button', { name: 'Receive' }).click();
  await expect(receive.getByText('Please enter an amount in dollars, e.g. 12.50')).toBeVisible();
  await receive.getByRole('textbox', { name: 'Unit cost (S$)' }).fill('0.35');
  await receive.getByRole('combobox', { name: 'Supplier' }).click();
  await page.getByRole('option', { name: 'Zuellig Pharma (ZUELLIG)' }).click();
  await receive.getByRole('button', { name: 'Receive' }).click();
  await expect(receive).toBeHidden();
  await expect(page.getByText('Batch AMX-2611 received: 50 on hand.')).toBeVisible();
  const batches = page.getByRole('table', { name: 'Batches' });
  const batchRow = batches.getByRole('row', { name: /AMX-2611/ });
  await expect(batchRow).toContainText('31 Dec 2031');
  await expect(batchRow).toContainText('In date');
  await expect(batchRow).toContainText('0.35');
  await expect(batchRow.getByRole('cell').nth(3)).toHaveText('50');
  await expectAccessible(page);
  await snap(page, 'inventory-item');

  // Adjust: never below zero, always with a reason.
  await page.getByRole('link', { name: 'Adjust', exact: true }).click();
  await expect(page).toHaveURL(/\/inventory\/items\/adjustment\//);
  await page.getByRole('combobox', { name: 'Batch' }).click();
  await page.getByRole('option', { name: /AMX-2611/ }).click();
  await page.getByRole('textbox', { name: 'Quantity' }).fill('60');
  await page.getByRole('button', { name: 'Adjust', exact: true }).click();
  await expect(page.getByText('Please give the reason for the adjustment.')).toBeVisible();
  await expect(
    page.getByText('This batch holds 50; an adjustment may not take it below zero.'),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'Quantity' }).fill('5');
  await page.getByRole('textbox', { name: 'Reason' }).fill('Broken blister strip');
  await page.getByRole('button', { name: 'Adjust', exact: true }).click();
  await expect(page.getByText('Batch AMX-2611 adjusted: 45 on hand.')).toBeVisible();
  await expect(page).toHaveURL(/\/inventory\/items\/[0-9a-f-]{36}$/);
  await expect(
    page
      .getByRole('row', { name: /AMX-2611/ })
      .getByRole('cell')
      .nth(3),
  ).toHaveText('45');

  // The ledger: the adjustment is there with its reason, filtered by kind; and exported.
  await page.getByRole('link', { name: 'Transactions' }).click();
  await page.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Adjustment' }).click();
  const ledgerRow = page.getByRole('row', { name: /Broken blister strip/ });
  await expect(ledgerRow).toContainText('Amoxicillin 500 mg capsule');
  await expect(ledgerRow).toContainText('AMX-2611');
  await expect(ledgerRow).toContainText('-5');
  await expect(page.getByRole('row', { name: /Receipt/ })).toHaveCount(0);
  await expectAccessible(page);
  await snap(page, 'inventory-transactions');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  expect(
    csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n'),
  ).toEqual([
    'time,itemName,batchNo,kind,quantity,reason',
    expect.stringMatching(
      /,Amoxicillin 500 mg capsule,AMX-2611,adjustment,-5,Broken blister strip$/,
    ),
  ]);

  // The batch's own page shows its ledger: the receipt and the adjustment.
  await ledgerRow.getByRole('link', { name: 'AMX-2611' }).click();
  await expect(page.getByRole('heading', { name: 'Batch AMX-2611' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Receipt/ })).toContainText('+50');
  await expect(page.getByRole('row', { name: /Adjustment/ })).toContainText('-5');

  // The item log of this month: opening 0, in 50, out 5, closing 45.
  await page.getByRole('link', { name: 'Item log' }).click();
  await expect(page.getByRole('row', { name: /AMX500/ })).toHaveText(
    /AMX500\s*Amoxicillin 500 mg capsule\s*0\s*50\s*5\s*45/,
  );
});
