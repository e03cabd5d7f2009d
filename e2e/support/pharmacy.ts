import { formatCents, nricFor, taxOfCents } from '@clinic/domain';
import { type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import {
  addPatient,
  addStaff,
  callApi,
  createClinic,
  enqueue,
  type Staff,
  type TestClinic,
} from './clinic.ts';
import { pdfText, printDialogs } from './pdf.ts';
import { recordSnackbars, signInAsStaff, snap } from './screens.ts';
import { axeProblems } from './sweep-checks.ts';
import { expect as baseExpect } from './test.ts';

// Each step waits on the server; on a machine shared by many runs that takes seconds.
const expect = baseExpect.configure({ timeout: 30_000 });

/** Someone calling the API: a session token and the branch it works in. */
export interface Caller {
  token: string;
  branchId: string;
}

/** The clinic's administrator, signed in through the API at the clinic's first branch. */
export async function signInAsAdmin(clinic: TestClinic): Promise<Caller> {
  const session = await callApi<{ token: string; branches: Array<{ id: string }> }>(
    'POST',
    '/sign-in',
    { username: clinic.username, password: clinic.password },
  );
  return { token: session.token, branchId: session.branches[0]!.id };
}

/** Signs a staff member in through the sign-in screen and waits for their landing page. */
export async function signInToClinic(page: Page, staff: Staff): Promise<void> {
  await signInAsStaff(page, staff.username, staff.password);
  // The landing page loads slowly on a busy machine.
  await expect(page).toHaveURL(/\/MAIN(\/queue)?$/);
}

/** An item of the clinic's catalog, made through the API as the administrator. */
export async function addCatalogItem(admin: Caller, body: Record<string, unknown>) {
  return callApi<{ id: string; code: string }>(
    'POST',
    '/catalogs',
    body,
    admin.token,
    admin.branchId,
  );
}

/** Receives a batch of an item into the administrator's branch through the API. */
export async function receiveStock(
  admin: Caller,
  itemId: string,
  batch: { batchNo: string; quantity: number; expiryDate: string },
): Promise<void> {
  await callApi(
    'POST',
    '/inventory/receipts',
    { itemId, ...batch, unitCostCents: 5 },
    admin.token,
    admin.branchId,
  );
}

/** The item's stock on hand in the administrator's branch, read through the API. */
export async function onHand(admin: Caller, itemId: string): Promise<number> {
  const detail = await callApi<{ item: { onHand: number } }>(
    'GET',
    `/inventory/items/${itemId}`,
    undefined,
    admin.token,
    admin.branchId,
  );
  return detail.item.onHand;
}

/** The id of the patient's (only) visit. */
export async function visitOf(staff: Staff, patientId: string): Promise<string> {
  const visits = await callApi<{ items: Array<{ id: string }> }>(
    'GET',
    `/visits?patientId=${patientId}`,
    undefined,
    staff.token,
    staff.branchId,
  );
  return visits.items[0]!.id;
}

/** GST 9%, in basis points, on every medicine of the prescribing clinic. */
export const GST = 900;

export const S$ = (cents: number) => `S$ ${formatCents(cents)}`;

/** A medicine for the prescribing clinic, dosed by default as its `fields` say. */
function medicine(code: string, name: string, fields: Record<string, unknown>) {
  return {
    type: 'Med',
    code: `${code}${randomBytes(2).toString('hex').toUpperCase()}`,
    name,
    category: 'E2E',
    strengthUnit: 'mg',
    defaultConsumeMethod: 'TAKE',
    taxBasisPoints: GST,
    procurement: 'Private',
    ...fields,
  };
}

/** A clinic ready for the prescribing journey (see `setUpPrescribing`). */
export interface PrescribingClinic {
  clinic: TestClinic;
  admin: Caller;
  doctor: Staff;
  desk: Staff;
  patientId: string;
  visitId: string;
  cetirizineBarcode: string;
  medicines: Record<'paracetamol' | 'cetirizine' | 'amoxicillin', { id: string; code: string }>;
}

/**
 * A clinic with three medicines in its catalog, a doctor, a front desk, and a patient in the
 * doctor's queue with a penicillin allergy on record, all made through the API.
 */
export async function setUpPrescribing(): Promise<PrescribingClinic> {
  const clinic = await createClinic();
  const admin = await signInAsAdmin(clinic);
  const cetirizineBarcode = `955${String(Date.now()).slice(-10)}`;
  const paracetamol = await addCatalogItem(
    admin,
    medicine('PARA', 'Paracetamol 500 mg tablet', {
      strength: 500,
      dispensingUnit: 'tab',
      defaultDose: 2,
      defaultDoseUnit: 'tab',
      defaultFrequency: 'QDS',
      defaultDurationDays: 3,
      sellingPriceCents: 10,
    }),
  );
  const cetirizine = await addCatalogItem(
    admin,
    medicine('CETI', 'Cetirizine 10 mg tablet', {
      strength: 10,
      dispensingUnit: 'tab',
      defaultDose: 1,
      defaultDoseUnit: 'tab',
      defaultFrequency: 'ON',
      defaultDurationDays: 5,
      sellingPriceCents: 15,
      upcCodes: [cetirizineBarcode],
    }),
  );
  const amoxicillin = await addCatalogItem(
    admin,
    medicine('AMOX', 'Amoxicillin 500 mg capsule', {
      strength: 500,
      dispensingUnit: 'cap',
      defaultDose: 1,
      defaultDoseUnit: 'cap',
      defaultFrequency: 'TDS',
      defaultDurationDays: 5,
      sellingPriceCents: 25,
    }),
  );

  const doctor = await addStaff(clinic, '50', 'Rachel');
  const desk = await addStaff(clinic, 'Front Desk', 'Desmond');
  const patientId = await addPatient(desk, 'Allergic Tan', nricFor('S', '7234561'));
  await enqueue(desk, patientId, doctor.id);
  // A penicillin allergy on record: amoxicillin is a penicillin.
  await callApi(
    'POST',
    '/allergies',
    {
      hciCode: null,
      patientID: patientId,
      allergyType: 'Drug',
      allergyDrugID: 'drug-penicillin',
      allergyDrugCode: 'PENICILLIN',
      allergyDrugName: 'Penicillin',
      allergyReaction: 'Y',
      allergyRemark: 'Hives',
      onsetDate: '2019-03-04',
    },
    doctor.token,
    doctor.branchId,
  );
  return {
    clinic,
    admin,
    doctor,
    desk,
    patientId,
    visitId: await visitOf(desk, patientId),
    cetirizineBarcode,
    medicines: { paracetamol, cetirizine, amoxicillin },
  };
}

/** A line the doctor prescribed: what the catalog calls it, and what it dispenses. */
export interface PrescribedLine {
  name: string;
  unit: string;
  quantity: number;
  priceCents: number;
}

/**
 * The signed-in doctor opens the patient's visit and, with the keyboard only, prescribes
 * paracetamol by name at its catalog dose, cetirizine by its barcode for 7 days, and
 * amoxicillin by its code twice a day, against the penicillin allergy with a reason.
 * Checks each line's quantity and price and the visit's totals; answers the lines.
 */
export async function prescribeThreeByKeyboard(
  page: Page,
  rx: PrescribingClinic,
): Promise<PrescribedLine[]> {
  await page.goto(`/MAIN/patients/${rx.patientId}/medical-records`);
  await page.getByTestId('visit-row').getByRole('link').click();
  const section = page.getByRole('region', { name: 'Prescriptions' });
  const picker = section.getByRole('combobox', { name: 'Drug' });
  const preview = section.getByTestId('rx-preview');
  const lines = section.getByTestId('rx-line');
  // The visit's sections are chunks of their own, loaded after the page shows.
  await expect(section.getByText('Nothing prescribed on this visit yet.')).toBeVisible({
    timeout: 90_000,
  });

  // From here on, only the keyboard: the picker takes the focus as a Tab would.
  await picker.focus();

  // 1. Paracetamol by name, its catalog dose as it is: 2 tablets 4 times a day for 3 days.
  await page.keyboard.type('paracetamol');
  await page.keyboard.press('Enter');
  const dose = section.getByRole('textbox', { name: 'Each time (tab)' });
  await expect(dose).toBeFocused();
  await expect(dose).toHaveValue('2');
  const paracetamol = { quantity: 2 * 4 * 3, priceCents: 10 };
  await expect(preview).toContainText(
    `Dispense ${paracetamol.quantity} tab × S$ 0.10 = ${S$(paracetamol.quantity * 10)} before tax, 3 days`,
  );
  await snap(page, 'rx-first-line');
  await page.keyboard.press('Enter');
  await expect(lines).toHaveCount(1);
  await expect(picker).toBeFocused();
  await expect(picker).toHaveValue('');

  // 2. Cetirizine by its barcode, as a scanner types it; Tab to the duration, 7 days.
  await page.keyboard.type(rx.cetirizineBarcode);
  await page.keyboard.press('Enter');
  await expect(section.getByRole('textbox', { name: 'Each time (tab)' })).toBeFocused();
  await page.keyboard.press('Tab'); // frequency (ON, the catalog's)
  await page.keyboard.press('Tab'); // duration
  await expect(section.getByRole('textbox', { name: 'Duration' })).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('7');
  const cetirizine = { quantity: 1 * 1 * 7, priceCents: 15 };
  await expect(preview).toContainText(`Dispense ${cetirizine.quantity} tab × S$ 0.15`);
  await page.keyboard.press('Enter');
  await expect(lines).toHaveCount(2);
  await expect(picker).toBeFocused();

  // 3. Amoxicillin by its code, twice a day typed into the frequency: the allergy warns.
  await page.keyboard.type(rx.medicines.amoxicillin.code);
  await page.keyboard.press('Enter');
  await expect(section.getByRole('textbox', { name: 'Each time (cap)' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.type('BD');
  // The doctor sees BD highlighted, then Tab takes it and goes on to the duration.
  await expect(page.getByRole('option', { name: 'BD – Twice a day' })).toHaveAttribute(
    'data-combobox-selected',
    'true',
  );
  await page.keyboard.press('Tab');
  await expect(section.getByRole('combobox', { name: 'Frequency' })).toHaveValue(
    'BD – Twice a day',
  );
  const amoxicillin = { quantity: 1 * 2 * 5, priceCents: 25 };
  await expect(preview).toContainText(`Dispense ${amoxicillin.quantity} cap × S$ 0.25`);
  await page.keyboard.press('Enter');

  const warning = page.getByRole('dialog', { name: 'Prescribe anyway?' });
  await expect(warning).toBeVisible();
  await expect(warning.getByTestId('rx-warnings')).toContainText(
    'The patient is recorded as allergic to Penicillin.',
  );
  const reason = warning.getByRole('textbox', { name: /Reason for prescribing anyway/ });
  await expect(reason).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(
    warning.getByText('This line has a warning: please give the reason for prescribing it anyway.'),
  ).toBeVisible();
  await expect(lines).toHaveCount(2);
  await snap(page, 'rx-allergy-warning');
  expect(await axeProblems(page, '[role="dialog"]')).toEqual([]);
  await page.keyboard.type('Took amoxicillin in 2024 without a reaction');
  await page.keyboard.press('Enter');
  await expect(warning).toBeHidden();
  await expect(lines).toHaveCount(3);

  // The lines, their quantities and prices, and the visit's totals are the arithmetic.
  const prescribed = [
    { name: 'Paracetamol 500 mg tablet', unit: 'tab', ...paracetamol },
    { name: 'Cetirizine 10 mg tablet', unit: 'tab', ...cetirizine },
    { name: 'Amoxicillin 500 mg capsule', unit: 'cap', ...amoxicillin },
  ];
  for (const [index, line] of prescribed.entries()) {
    const row = lines.nth(index);
    await expect(row).toContainText(line.name);
    await expect(row.getByTestId('rx-quantity')).toHaveText(`${line.quantity} ${line.unit}`);
    await expect(row.getByTestId('rx-total')).toHaveText(S$(line.quantity * line.priceCents));
  }
  await expect(lines.nth(2).getByTestId('rx-override')).toHaveText(
    'Reason: Took amoxicillin in 2024 without a reaction',
  );
  await expect(lines.nth(0).getByTestId('rx-override')).toHaveCount(0);
  const totals = prescribed.map((line) => line.quantity * line.priceCents);
  const subtotal = totals.reduce((sum, total) => sum + total, 0);
  const tax = totals.reduce((sum, total) => sum + taxOfCents(total, GST), 0);
  await expect(section.getByTestId('rx-visit-subtotal')).toHaveText(S$(subtotal));
  await expect(section.getByTestId('rx-visit-tax')).toHaveText(S$(tax));
  await expect(section.getByTestId('rx-visit-total')).toHaveText(S$(subtotal + tax));
  expect(subtotal).toBe(240 + 105 + 250);
  await snap(page, 'rx-three-lines');
  return prescribed;
}

/** The dispensing lines of the visit page open in `page`. */
export function dispensingLines(page: Page) {
  return page.getByRole('table', { name: 'Dispensing' }).getByTestId('dispensing-line');
}

/**
 * Dispenses every line of the open visit through the dialog: the spec's question, each of
 * `names` chosen, Yes. Saves the dialog's screen as `screen`.
 */
export async function dispenseAll(page: Page, names: string[], screen: string): Promise<void> {
  const snackbars = await recordSnackbars(page);
  const dispense = page.getByRole('button', { name: 'Dispense', exact: true });
  await dispense.click();
  const dialog = page.getByRole('dialog', { name: 'Dispense' });
  await expect(
    dialog.getByText('Are your sure dispense all the medications belongs payment?'),
  ).toBeVisible();
  for (const name of names) {
    await expect(dialog.getByRole('checkbox', { name: `Dispense ${name}` })).toBeChecked();
  }
  await snap(page, screen);
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(snackbars).toContain('Dispensed');
  await expect(dispense).toBeHidden();
}

/** The PDF the page made last (the printed one, after the previews). */
async function lastPdf(page: Page) {
  const count = await page.evaluate(() => (window as unknown as { pdfs: Blob[] }).pdfs.length);
  return pdfText(page, count - 1);
}

/** A medication label's size in points: 76 x 35 mm. */
export const LABEL_SIZE = [215.43, 99.21];

/**
 * Prints the open visit's medication labels, `counts` of them for the medicines it names
 * (one of every other line), and answers the printed PDF read back, its text on one line.
 * The page must capture its PDFs (`capturePdfs`) from before it loaded.
 */
export async function printLabels(page: Page, counts: Record<string, number>, screen: string) {
  // The first print loads the PDF library; the preview renders again when a count changes.
  await page.getByRole('button', { name: 'Print labels' }).click();
  const labels = page.getByRole('dialog', { name: 'Medication labels' });
  await expect(labels.getByTitle('Medication labels')).toBeVisible({ timeout: 45_000 });
  for (const [name, count] of Object.entries(counts)) {
    await labels.getByRole('textbox', { name: `Labels of ${name}` }).fill(String(count));
    await expect(labels.getByTitle('Medication labels')).toBeVisible({ timeout: 45_000 });
  }
  await snap(page, screen);
  const print = labels.getByRole('button', { name: 'Print' });
  await expect(print).toBeEnabled();
  await print.click();
  await expect.poll(() => printDialogs(page)).toBe(1);
  const printed = await lastPdf(page);
  // Words wrapped over two lines of a label read back with a line break between them.
  return { pages: printed.pages, text: printed.text.replace(/\s+/g, ' ') };
}
