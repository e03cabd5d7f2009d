import { formatMoney, nricFor } from '@clinic/domain';
import { expect, test } from '../support/test.ts';
import { addPatient, addStaff, callApi, createClinic, enqueue } from '../support/clinic.ts';
import { capturePdfs, pdfText } from '../support/pdf.ts';
import { addCatalogItem, signInAsAdmin, signInToClinic, visitOf } from '../support/pharmacy.ts';

const A4 = [595.28, 841.89];

test('[BILLING] the desk previews a paid invoice’s receipt and tax invoice, ID masked', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const clinic = await createClinic();
  const doctor = await addStaff(clinic, '50', 'Priya');
  const desk = await addStaff(clinic, 'Front Desk', 'Devi');
  const admin = await signInAsAdmin(clinic);
  const item = await addCatalogItem(admin, {
    type: 'Med',
    code: 'E2EPRINT',
    name: 'Printamol 500 mg tablet',
    dispensingUnit: 'tab',
    sellingPriceCents: 30,
  });
  const nric = nricFor('S', '7234563');
  const patientId = await addPatient(desk, 'Printing Lee', nric);
  await enqueue(desk, patientId, doctor.id);
  const visitId = await visitOf(desk, patientId);
  await callApi(
    'POST',
    `/visits/${visitId}/prescriptions`,
    {
      catalogItemId: item.id,
      prescriptMode: 1,
      consumeMethod: 'TAKE',
      consumeQuantity: 1,
      frequency: 'TDS',
      duration: 5,
      cycle: 'day',
    },
    doctor.token,
    doctor.branchId,
  );
  // Billed, finalised and paid in full through the API.
  const as = <T>(method: string, path: string, body?: unknown) =>
    callApi<T>(method, path, body, desk.token, desk.branchId);
  type Bill = { id: string; version: number; grandTotalCents: number; invoiceNo: string };
  const draft = await as<Bill>('POST', `/visits/${visitId}/invoice`);
  const issued = await as<Bill>('POST', `/invoices/${draft.id}/finalise`, {
    version: draft.version,
  });
  await as('POST', `/invoices/${draft.id}/payments`, {
    version: issued.version,
    tenders: [{ method: 'cash', amountCents: issued.grandTotalCents }],
  });
  const masked = `*****${nric.slice(-4)}`;
  const total = formatMoney(issued.grandTotalCents);

  await capturePdfs(page);
  await signInToClinic(page, desk);
  await page.goto(`/MAIN/invoice/${draft.id}`);
  await expect(page.getByRole('heading', { name: `Invoice ${issued.invoiceNo}` })).toBeVisible();

  await page.getByRole('button', { name: 'Print this invoice' }).click();
  await page.getByRole('menuitem', { name: 'Receipt (A4)' }).click();
  const receiptDialog = page.getByRole('dialog', {
    name: `Receipt of invoice ${issued.invoiceNo}`,
  });
  await expect(receiptDialog.getByTitle(`Receipt of invoice ${issued.invoiceNo}`)).toBeVisible({
    timeout: 45_000,
  });
  const receipt = await pdfText(page, 0);
  expect(receipt.pages).toEqual([A4]);
  for (const expected of ['RECEIPT', 'Printing Lee', masked, total, 'RCP-000001']) {
    expect(receipt.text).toContain(expected);
  }
  expect(receipt.text).not.toContain(nric);
  await receiptDialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(receiptDialog).toHaveCount(0);

  await page.getByRole('button', { name: 'Print this invoice' }).click();
  await page.getByRole('menuitem', { name: 'Tax invoice' }).click();
  const taxDialog = page.getByRole('dialog', { name: `Tax invoice ${issued.invoiceNo}` });
  await expect(taxDialog.getByTitle(`Tax invoice ${issued.invoiceNo}`)).toBeVisible({
    timeout: 45_000,
  });
  const tax = await pdfText(page, 1);
  expect(tax.pages).toEqual([A4]);
  for (const expected of ['TAX INVOICE', masked, 'Patient payable', total]) {
    expect(tax.text).toContain(expected);
  }
  expect(tax.text).not.toContain(nric);
});
