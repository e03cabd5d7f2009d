import { nricFor } from '@clinic/domain';
import { expect, test } from '../support/test.ts';
import { addPatient, addStaff, createClinic, enqueue } from '../support/clinic.ts';
import { expectAccessible, signInAsStaff, snap } from '../support/screens.ts';

test('[RECORD] a doctor opens a patient from the queue row and from search: header and medical records', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const clinic = await createClinic();
  const doctor = await addStaff(clinic, '50', 'Rachel');
  const desk = await addStaff(clinic, 'Front Desk', 'Desmond');
  const nric = nricFor('S', '7654321');
  const patientId = await addPatient(desk, 'Record Tan', nric);
  await enqueue(desk, patientId, doctor.id);
  await signInAsStaff(page, doctor.username, doctor.password);
  await expect(page).toHaveURL('/MAIN/queue');

  // From the queue row's patient link.
  await page.getByRole('link', { name: 'Open the patient Record Tan' }).click();
  await expect(page).toHaveURL(`/MAIN/patients/${patientId}/medical-records`);
  await expect(page.getByTestId('patient-name')).toHaveText('Mr Record Tan');
  await expect(page.getByText(`${nric} (NRIC)`)).toBeVisible();
  await expect(page.getByTestId('visit-row')).toHaveCount(1);
  await expectAccessible(page);
  await snap(page, 'patient-medical-records');

  // The visit page: the consult timer starts and stops.
  await page.getByTestId('visit-row').getByRole('link').click();
  await expect(page.getByRole('button', { name: 'Start consultation' })).toBeVisible();
  await page.getByRole('button', { name: 'Start consultation' }).click();
  await expect(page.getByRole('button', { name: 'Stop consultation' })).toBeVisible();
  await page.getByRole('button', { name: 'Stop consultation' }).click();
  await expect(page.getByRole('button', { name: 'Consultation ended' })).toBeDisabled();
  await snap(page, 'patient-visit');

  // A later issue's tab says plainly there is nothing yet.
  await page.getByRole('link', { name: 'Lab', exact: true }).click();
  await expect(page.getByText('No lab results for this patient yet.')).toBeVisible();

  // Current Patient goes back to this patient; the empty page finds patients by search.
  await page.goto('/MAIN/queue');
  await page.getByRole('link', { name: 'Current Patient' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/MAIN/patients/${patientId}`));
  await page.goto('/MAIN/patients');
  await expect(page.getByRole('link', { name: 'Record Tan' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Find a patient' }).fill('Record');
  await page
    .getByRole('option', { name: /Record Tan/ })
    .first()
    .click();
  await expect(page).toHaveURL(`/MAIN/patients/${patientId}/medical-records`);
  await expect(page.getByTestId('patient-name')).toHaveText('Mr Record Tan');
});
