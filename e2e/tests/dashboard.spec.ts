import { formatCents, nricFor } from '@clinic/domain';
import { expect, test } from '../support/test.ts';
import { addPatient, addStaff, callApi, createClinic, enqueue } from '../support/clinic.ts';
import { addCatalogItem, signInAsAdmin, visitOf } from '../support/pharmacy.ts';
import { expectAccessible, signInAsStaff, snap } from '../support/screens.ts';

interface Bill {
  id: string;
  invoiceNo: string;
  version: number;
  grandTotalCents: number;
}

test("[DASHBOARD] the administrator reads the day's figures, follows an unbilled patient and sees payments by method", async ({
  page,
}) => {
  const clinic = await createClinic();
  const doctor = await addStaff(clinic, '50', 'Rachel');
  const desk = await addStaff(clinic, 'Front Desk', 'Desmond');
  const admin = await signInAsAdmin(clinic);
  const item = await addCatalogItem(admin, {
    type: 'Med',
    code: 'E2EDASH',
    name: 'Dashamol 500 mg tablet',
    dispensingUnit: 'tab',
    sellingPriceCents: 200,
  });

  // Two patients seen today, each prescribed; the first billed and paid in part, split
  // between cash and NETS; the second not billed yet.
  const prescribedVisit = async (name: string, digits: string) => {
    const patientId = await addPatient(desk, name, nricFor('S', digits));
    await enqueue(desk, patientId, doctor.id);
    const visitId = await visitOf(desk, patientId);
    await callApi(
      'POST',
      `/visits/${visitId}/prescriptions`,
      {
        catalogItemId: item.id,
        prescriptMode: 1,
        consumeQuantity: 1,
        frequency: 'TDS',
        duration: 5,
        cycle: 'day',
      },
      doctor.token,
      doctor.branchId,
    );
    return { patientId, visitId };
  };
  const billedVisit = await prescribedVisit('Billed Tan', '7234562');
  const unbilled = await prescribedVisit('Unbilled Lim', '7234563');
  const draft = await callApi<Bill>(
    'POST',
    `/visits/${billedVisit.visitId}/invoice`,
    undefined,
    desk.token,
    desk.branchId,
  );
  const bill = await callApi<Bill>(
    'POST',
    `/invoices/${draft.id}/finalise`,
    { version: draft.version },
    desk.token,
    desk.branchId,
  );
  await callApi(
    'POST',
    `/invoices/${bill.id}/payments`,
    {
      version: bill.version,
      tenders: [
        { method: 'cash', amountCents: 1000 },
        { method: 'nets', amountCents: 500 },
      ],
    },
    desk.token,
    desk.branchId,
  );

  await signInAsStaff(page, clinic.username, clinic.password);
  await expect(page).toHaveURL(/\/MAIN(\/queue)?$/);
  await page.goto('/MAIN/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('card-pending-queue')).toContainText('2');
  await expect(page.getByTestId('card-unbilled')).toContainText('1');
  await expect(page.getByTestId('card-billed')).toContainText(formatCents(bill.grandTotalCents));
  await expect(page.getByTestId('card-payment')).toContainText('15.00');

  const unpaid = page.getByTestId('dashboard-unpaid');
  const row = unpaid.getByRole('row', { name: new RegExp(bill.invoiceNo) });
  await expect(row).toContainText('Billed Tan');
  await expect(row).toContainText(formatCents(bill.grandTotalCents - 1500));
  await expect(unpaid.getByRole('link', { name: bill.invoiceNo })).toHaveAttribute(
    'href',
    `/MAIN/invoice/${bill.id}`,
  );
  const payments = page.getByTestId('dashboard-payments');
  await expect(payments.getByText('Cash')).toBeVisible();
  await expect(payments.getByText('NETS')).toBeVisible();
  await snap(page, 'dashboard');
  await expectAccessible(page);

  // The unbilled patient leads to their medical records.
  await page.getByTestId('dashboard-unbilled').getByRole('link', { name: 'Unbilled Lim' }).click();
  await expect(page).toHaveURL(`/MAIN/patients/${unbilled.patientId}/medical-records`);
});
