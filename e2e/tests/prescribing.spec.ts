import { formatCents, nricFor, taxOfCents } from '@clinic/domain';
import { randomBytes } from 'node:crypto';
import { expect as baseExpect, test } from '../support/test.ts';
import { addPatient, addStaff, callApi, createClinic, enqueue } from '../support/clinic.ts';
import { signInAsStaff, snap } from '../support/screens.ts';
import { axeProblems } from '../support/sweep-checks.ts';

// Each step waits on the server; on a machine shared by many runs that takes seconds.
const expect = baseExpect.configure({ timeout: 30_000 });

/** GST 9%, in basis points, on every item of this clinic. */
const GST = 900;
const CETIRIZINE_BARCODE = `955${String(Date.now()).slice(-10)}`;

/** A medicine of the clinic's catalog, dosed by default as `dose` `unit` `frequency` for `days`. */
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

const S$ = (cents: number) => `S$ ${formatCents(cents)}`;

test('[RX] doctor prescribes three medicines with the keyboard, one against a recorded allergy', async ({
  page,
}) => {
  test.setTimeout(360_000);
  const clinic = await createClinic();
  const admin = await callApi<{ token: string }>('POST', '/sign-in', {
    username: clinic.username,
    password: clinic.password,
  });
  const addItem = (body: Record<string, unknown>) =>
    callApi<{ id: string; code: string }>('POST', '/catalogs', body, admin.token);
  await addItem(
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
  await addItem(
    medicine('CETI', 'Cetirizine 10 mg tablet', {
      strength: 10,
      dispensingUnit: 'tab',
      defaultDose: 1,
      defaultDoseUnit: 'tab',
      defaultFrequency: 'ON',
      defaultDurationDays: 5,
      sellingPriceCents: 15,
      upcCodes: [CETIRIZINE_BARCODE],
    }),
  );
  const amoxicillin = await addItem(
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

  await signInAsStaff(page, doctor.username, doctor.password);
  // Signed in (the landing page loads on a busy machine slowly): on to the patient.
  await expect(page).toHaveURL(/\/MAIN(\/queue)?$/);
  await page.goto(`/MAIN/patients/${patientId}/medical-records`);
  await page.getByTestId('visit-row').getByRole('link').click();
  const section = page.getByRole('region', { name: 'Prescriptions' });
  const picker = section.getByRole('combobox', { name: 'Drug' });
  const preview = section.getByTestId('rx-preview');
  const lines = section.getByTestId('rx-line');
  // The section loads after the visit page shows (its own chunk, then the lines).
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
  const paracetamol = { quantity: 2 * 4 * 3, price: 10 };
  await expect(preview).toContainText(
    `Dispense ${paracetamol.quantity} tab × S$ 0.10 = ${S$(paracetamol.quantity * 10)} before tax, 3 days`,
  );
  await snap(page, 'rx-first-line');
  await page.keyboard.press('Enter');
  await expect(lines).toHaveCount(1);
  await expect(picker).toBeFocused();
  await expect(picker).toHaveValue('');

  // 2. Cetirizine by its barcode, as a scanner types it; Tab to the duration, 7 days.
  await page.keyboard.type(CETIRIZINE_BARCODE);
  await page.keyboard.press('Enter');
  await expect(section.getByRole('textbox', { name: 'Each time (tab)' })).toBeFocused();
  await page.keyboard.press('Tab'); // frequency (ON, the catalog's)
  await page.keyboard.press('Tab'); // duration
  await expect(section.getByRole('textbox', { name: 'Duration' })).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('7');
  const cetirizine = { quantity: 1 * 1 * 7, price: 15 };
  await expect(preview).toContainText(`Dispense ${cetirizine.quantity} tab × S$ 0.15`);
  await page.keyboard.press('Enter');
  await expect(lines).toHaveCount(2);
  await expect(picker).toBeFocused();

  // 3. Amoxicillin by its code, twice a day typed into the frequency: the allergy warns.
  await page.keyboard.type(amoxicillin.code);
  await page.keyboard.press('Enter');
  await expect(section.getByRole('textbox', { name: 'Each time (cap)' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.type('BD');
  await page.keyboard.press('Tab'); // picks BD, on to the duration
  await expect(section.getByRole('combobox', { name: 'Frequency' })).toHaveValue(
    'BD – Twice a day',
  );
  const amoxicillinLine = { quantity: 1 * 2 * 5, price: 25 };
  await expect(preview).toContainText(`Dispense ${amoxicillinLine.quantity} cap × S$ 0.25`);
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
  const expected = [
    { name: 'Paracetamol 500 mg tablet', unit: 'tab', ...paracetamol },
    { name: 'Cetirizine 10 mg tablet', unit: 'tab', ...cetirizine },
    { name: 'Amoxicillin 500 mg capsule', unit: 'cap', ...amoxicillinLine },
  ];
  for (const [index, line] of expected.entries()) {
    const row = lines.nth(index);
    await expect(row).toContainText(line.name);
    await expect(row.getByTestId('rx-quantity')).toHaveText(`${line.quantity} ${line.unit}`);
    await expect(row.getByTestId('rx-total')).toHaveText(S$(line.quantity * line.price));
  }
  await expect(lines.nth(2).getByTestId('rx-override')).toHaveText(
    'Reason: Took amoxicillin in 2024 without a reaction',
  );
  await expect(lines.nth(0).getByTestId('rx-override')).toHaveCount(0);
  const totals = expected.map((line) => line.quantity * line.price);
  const subtotal = totals.reduce((sum, total) => sum + total, 0);
  const tax = totals.reduce((sum, total) => sum + taxOfCents(total, GST), 0);
  await expect(section.getByTestId('rx-visit-subtotal')).toHaveText(S$(subtotal));
  await expect(section.getByTestId('rx-visit-tax')).toHaveText(S$(tax));
  await expect(section.getByTestId('rx-visit-total')).toHaveText(S$(subtotal + tax));
  expect(subtotal).toBe(240 + 105 + 250);
  await snap(page, 'rx-three-lines');

  // At the narrowest supported size the section fits the page and passes axe.
  await page.setViewportSize({ width: 768, height: 1024 });
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({
    path: 'test-results/e2e-screens/rx-three-lines-768.png',
    fullPage: true,
  });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  expect(await axeProblems(page, 'section[aria-labelledby="rx-title"]')).toEqual([]);
});
