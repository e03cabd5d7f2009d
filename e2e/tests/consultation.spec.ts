import { nricFor } from '@clinic/domain';
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { addPatient, addStaff, createClinic, enqueue } from '../support/clinic.ts';
import { capturePdfs, pdfText } from '../support/pdf.ts';
import { signInAsStaff, snap } from '../support/screens.ts';

/** A small real PDF (one blank page), as a clinic would scan a referral letter. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n' +
    '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

async function choose(page: Page, scope: Locator, field: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option }).first().click();
}

test('[CONSULT] the doctor calls a patient in and records the whole consultation', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const clinic = await createClinic();
  const doctor = await addStaff(clinic, '50', 'Rachel');
  const desk = await addStaff(clinic, 'Front Desk', 'Desmond');
  const patientId = await addPatient(desk, 'Consult Lim', nricFor('S', '7123456'));
  await enqueue(desk, patientId, doctor.id);
  await capturePdfs(page);

  // The doctor calls the patient in from the queue and opens the record from the row.
  await signInAsStaff(page, doctor.username, doctor.password);
  await expect(page).toHaveURL('/MAIN/queue');
  await page.getByRole('button', { name: 'Call in' }).first().click();
  await page.getByRole('link', { name: 'Open the patient Consult Lim' }).click();
  await expect(page).toHaveURL(`/MAIN/patients/${patientId}/medical-records`);
  await snap(page, 'consult-medical-records');
  await page.getByTestId('visit-row').getByRole('link').click();

  // The timer starts.
  await page.getByRole('button', { name: 'Start consultation' }).click();
  await expect(page.getByRole('button', { name: 'Stop consultation' })).toBeVisible();

  // Vitals: a physical reading, with BMI and BSA derived.
  await page.getByRole('button', { name: 'Add reading' }).click();
  const reading = page.getByRole('dialog', { name: 'Add physical reading' });
  await reading.getByRole('textbox', { name: 'Systolic (mmHg)' }).fill('128');
  await reading.getByRole('textbox', { name: 'Diastolic (mmHg)' }).fill('82');
  await reading.getByRole('textbox', { name: 'Pulse (/min)' }).fill('76');
  await reading.getByRole('textbox', { name: 'Height (cm)' }).fill('170');
  await reading.getByRole('textbox', { name: 'Weight (kg)' }).fill('70');
  await expect(reading.getByRole('textbox', { name: 'BMI' })).toHaveValue('24.22');
  await snap(page, 'consult-reading');
  await reading.getByRole('button', { name: 'Save' }).click();
  await expect(reading).toBeHidden();
  await expect(page.getByText('128/82')).toBeVisible();

  // A coded diagnosis, searched after two characters.
  await page.getByRole('button', { name: 'Add diagnosis' }).click();
  const diagnosis = page.getByRole('dialog', { name: 'Diagnosis' });
  await diagnosis.getByRole('combobox', { name: 'Diagnosis' }).fill('hypert');
  await page
    .getByRole('option', { name: /hypertension/i })
    .first()
    .click();
  await snap(page, 'consult-diagnosis');
  await diagnosis.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(diagnosis).toBeHidden();
  await expect(page.getByText(/hypertension/i).first()).toBeVisible();

  // A drug allergy: the header's badge shows it.
  await page.getByRole('link', { name: 'Allergies', exact: true }).click();
  await page.getByRole('button', { name: 'Add allergy' }).click();
  const allergy = page.getByRole('dialog', { name: 'Allergy' });
  await allergy.getByRole('textbox', { name: 'Onset date' }).fill('01012020');
  await allergy.getByRole('textbox', { name: 'Onset date' }).press('Tab');
  await choose(page, allergy, 'Allergy type', 'Drug');
  await allergy.getByRole('combobox', { name: 'Allergy', exact: true }).fill('Penic');
  await page.getByRole('option', { name: 'Penicillin', exact: true }).click();
  await choose(page, allergy, 'Drug allergy or adverse drug reaction', 'Drug allergy');
  await allergy.getByRole('textbox', { name: 'Adverse reaction details' }).fill('Hives');
  await snap(page, 'consult-allergy');
  await allergy.getByRole('button', { name: 'Save' }).click();
  await expect(allergy).toBeHidden();
  await expect(page.getByText('Drug allergy: Penicillin').first()).toBeVisible();

  // A 3-day MC, and its print preview.
  await page.getByRole('link', { name: 'Medical Records', exact: true }).click();
  await page.getByTestId('visit-row').getByRole('link').click();
  await page.getByRole('button', { name: 'Add MC' }).click();
  const mc = page.getByRole('dialog', { name: 'New medical certificate' });
  await mc.getByRole('textbox', { name: 'Given days' }).fill('3');
  await mc.getByRole('textbox', { name: 'Given days' }).press('Tab');
  await snap(page, 'consult-mc');
  await mc.getByRole('button', { name: 'Save' }).click();
  await expect(mc).toBeHidden();
  // The row: its number, from and to dates three days apart, and 3 given days.
  await expect(page.getByRole('row', { name: /^MC\d+ .+ 3 Print Edit Delete$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Print' }).first().click();
  const preview = page.getByRole('dialog', { name: /Medical certificate MC/ });
  await expect(preview).toBeVisible({ timeout: 60_000 });
  await expect(preview.getByRole('button', { name: 'Download' })).toBeEnabled({
    timeout: 60_000,
  });
  await snap(page, 'consult-mc-preview');
  // The previewed PDF: an A4 certificate with its number, the patient and the 3 days.
  const certificate = await pdfText(page, 0);
  expect(certificate.pages).toEqual([[595.28, 841.89]]);
  expect(certificate.text).toMatch(/MC\d{8}/);
  expect(certificate.text).toContain('Consult Lim');
  expect(certificate.text).toMatch(/\b3\b/);
  await preview.getByRole('button', { name: 'Close' }).last().click();

  // A PDF uploaded to the patient's documents.
  await page.getByRole('link', { name: 'E-Documents', exact: true }).click();
  await page.getByRole('button', { name: 'Upload' }).click();
  const upload = page.getByRole('dialog');
  await upload.getByTestId('document-file-input').setInputFiles({
    name: 'referral-letter.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await choose(page, upload, 'CATEGORY', 'Referral letter');
  await snap(page, 'consult-document');
  await upload.getByRole('button', { name: 'Save' }).click();
  await expect(upload).toBeHidden();
  await expect(page.getByText('referral-letter.pdf')).toBeVisible();

  // The timer stops.
  await page.getByRole('link', { name: 'Medical Records', exact: true }).click();
  await page.getByTestId('visit-row').getByRole('link').click();
  await page.getByRole('button', { name: 'Stop consultation' }).click();
  await expect(page.getByRole('button', { name: 'Consultation ended' })).toBeDisabled();
  await snap(page, 'consult-visit-done');
});
