import { nricFor } from '@clinic/domain';
import { expect, test } from '../support/test.ts';
import { addPatient, addStaff, callApi, createClinic, enqueue } from '../support/clinic.ts';
import { capturePdfs } from '../support/pdf.ts';
import {
  LABEL_SIZE,
  addCatalogItem,
  dispenseAll,
  dispensingLines,
  onHand,
  printLabels,
  receiveStock,
  signInAsAdmin,
  signInToClinic,
  visitOf,
} from '../support/pharmacy.ts';
import { snap } from '../support/screens.ts';

test("[DISPENSE] front desk dispenses a visit's prescription and prints the labels", async ({
  page,
}) => {
  // The first print loads the PDF library; the preview renders again when a count changes.
  test.setTimeout(240_000);
  await capturePdfs(page);
  const clinic = await createClinic();
  const doctor = await addStaff(clinic, '50', 'Rachel');
  const desk = await addStaff(clinic, 'Front Desk', 'Desmond');
  const admin = await signInAsAdmin(clinic);
  const medicine = async (code: string, name: string, unit: string) =>
    (
      await addCatalogItem(admin, {
        type: 'Med',
        code,
        name,
        dispensingUnit: unit,
        sellingPriceCents: 20,
      })
    ).id;

  // Stock: paracetamol in two batches (the earlier expiry goes first), amoxicillin in one.
  const para = await medicine('E2EPARA', 'Paracetamol 500 mg tablet', 'tab');
  const amox = await medicine('E2EAMOX', 'Amoxicillin 500 mg capsule', 'cap');
  await receiveStock(admin, para, { batchNo: 'PCM-E2E-1', quantity: 10, expiryDate: '2030-06-30' });
  await receiveStock(admin, para, { batchNo: 'PCM-E2E-2', quantity: 30, expiryDate: '2031-12-31' });
  await receiveStock(admin, amox, { batchNo: 'AMX-E2E-1', quantity: 50, expiryDate: '2031-03-31' });

  // The patient's visit and the doctor's prescription, through the API.
  const patientId = await addPatient(desk, 'Dispense Tan', nricFor('S', '7234561'));
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
  await signInToClinic(page, desk);
  await page.goto(`/MAIN/patients/${patientId}/medical-records/${visitId}`);
  const lines = dispensingLines(page);
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText('15 tab');
  await expect(lines.nth(0)).toContainText(
    'Take 1 tablet by mouth three times a day for 5 days. For pain. Take after food.',
  );
  await expect(lines.nth(1)).toContainText('28 cap');
  await expect(lines.nth(1)).toContainText('Not dispensed');
  await snap(page, 'dispensing-visit');

  // Dispense: the spec's question, both lines chosen, Yes; the earlier expiry goes first.
  await dispenseAll(
    page,
    ['Paracetamol 500 mg tablet', 'Amoxicillin 500 mg capsule'],
    'dispensing-dialog',
  );
  await expect(lines.nth(0)).toContainText('by Desmond Lim');
  await expect(lines.nth(0)).toContainText('PCM-E2E-1 (exp. 2030-06-30) × 10');
  await expect(lines.nth(0)).toContainText('PCM-E2E-2 (exp. 2031-12-31) × 5');
  await expect(lines.nth(1)).toContainText('AMX-E2E-1 (exp. 2031-03-31) × 28');

  // Stock fell by exactly what was dispensed.
  expect([await onHand(admin, para), await onHand(admin, amox)]).toEqual([25, 22]);

  // The labels: two of the paracetamol, one of the amoxicillin, 76 x 35 mm each.
  const printed = await printLabels(page, { 'Paracetamol 500 mg tablet': 2 }, 'dispensing-labels');
  expect(printed.pages).toEqual([LABEL_SIZE, LABEL_SIZE, LABEL_SIZE]);
  expect(printed.text.match(/Paracetamol 500 mg tablet/g)).toHaveLength(2);
  expect(printed.text.match(/Amoxicillin 500 mg capsule/g)).toHaveLength(1);
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
    expect(printed.text).toContain(expected);
  }
});
