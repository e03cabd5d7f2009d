import { expect, test } from '../support/test.ts';
import { type Locator, type Page } from '@playwright/test';
import { addPatient, addStaff, createClinic } from '../support/clinic.ts';
import { signInAsStaff } from '../support/screens.ts';

/** The focused element's accessible name and role, for readable failures. */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    const label =
      element.getAttribute('aria-label') ??
      (element as HTMLInputElement).labels?.[0]?.textContent ??
      element.textContent;
    return `${element.tagName.toLowerCase()} "${(label ?? '').trim()}"`;
  });
}

/** Presses Tab until `target` has the focus; answers how many presses it took. */
async function tabTo(page: Page, target: Locator, limit = 40): Promise<number> {
  for (let presses = 1; presses <= limit; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return presses;
  }
  throw new Error(`${limit} Tabs did not reach the target; focus is on ${await focused(page)}`);
}

test('[KEYS] the front desk adds a patient to the queue with the keyboard alone', async ({
  page,
}) => {
  const clinic = await createClinic();
  await addStaff(clinic, '50', 'Rachel');
  const desk = await addStaff(clinic, 'Front Desk', 'Desmond');
  await addPatient(desk, 'Tan Ah Kow', 'S1234567D');
  await signInAsStaff(page, desk.username, desk.password);
  await expect(page).toHaveURL('/MAIN/queue');

  // 1. Tab to Add to queue, which shows its shortcut; Enter opens the dialog on its first
  // field, not on its close button.
  const add = page.getByRole('button', { name: 'Add to queue' }).first();
  await expect(add).toHaveAttribute('aria-keyshortcuts', 'Alt+N');
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add to queue' });
  const patient = dialog.getByRole('combobox', { name: 'Patient' });
  await expect(patient).toBeFocused();

  // 2. The patient: type, then Enter on the highlighted match.
  await page.keyboard.type('Tan Ah');
  await expect(page.getByRole('option', { name: /Tan Ah Kow/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(patient).toHaveAttribute('aria-activedescendant', /option-0$/);
  await page.keyboard.press('Enter');
  await expect(patient).toHaveValue(/Tan Ah Kow/);

  // 3. The doctor: the arrow opens the list, Enter takes the doctor.
  const doctor = dialog.getByRole('combobox', { name: /Doctor/ });
  await tabTo(page, doctor, 3);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(doctor).toHaveValue(/Rachel/);
  // Browsing the list again and pressing Enter keeps the doctor (it used to clear it).
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(doctor).toHaveValue(/Rachel/);

  // 4. Visit purposes: the list opens with the arrow, Enter ticks, Tab leaves and closes it.
  const purposes = dialog.getByRole('button', { name: /Visit purposes/ });
  await tabTo(page, purposes, 3);
  await page.keyboard.press('ArrowDown');
  const list = page.getByRole('listbox', { name: /Visit purposes/ });
  await expect(list).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(purposes).toContainText('Consultation');
  await page.keyboard.press('Tab');
  await expect(list).toBeHidden();
  await expect(dialog.getByRole('textbox', { name: 'Remark' })).toBeFocused();

  // 5. Save is a few Tabs away: the chosen patient's read-only fields are not tab stops.
  const save = dialog.locator('[data-dialog-save]');
  const presses = await tabTo(page, save, 10);
  expect(presses, 'Tabs from Remark to Save').toBeLessThanOrEqual(5);
  await expect(save).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('table', { name: 'Queue of the day' }).getByRole('row', { name: /Tan Ah Kow/ }),
  ).toBeVisible();
  // Back where the desk was.
  await expect(add).toBeFocused();

  // 6. Alt+N opens it again; a ticked purpose is unsaved input. Escape closes the open
  // list first, then asks before dropping the input, with the safe answer focused.
  await page.keyboard.press('Alt+N');
  await expect(patient).toBeFocused();
  await tabTo(page, purposes, 4);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Discard changes?' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  const question = page.getByRole('dialog', { name: 'Discard changes?' });
  await expect(question.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  // Escape closes the question only; the input and the focus are where they were.
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(purposes).toBeFocused();
  await expect(purposes).toContainText('Consultation');
  await page.keyboard.press('Escape');
  await expect(question.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(question.getByRole('button', { name: 'Discard' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();

  // 7. Search by patient, two Shift+Tabs back (Refresh between): it opens on its patient
  // field and Escape returns to the button.
  const search = page.getByRole('button', { name: 'Search by patient' });
  await expect(search).toHaveAttribute('aria-keyshortcuts', 'Alt+P');
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: 'Refresh' }).first()).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(search).toBeFocused();
  await page.keyboard.press('Enter');
  const searchDialog = page.getByRole('dialog', { name: 'Search queue by patient' });
  await expect(searchDialog.getByRole('combobox', { name: /Patient/ })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(searchDialog).toBeHidden();
  await expect(search).toBeFocused();
});

test('[KEYS] Add to queue keeps Save in view on a 768 px tablet', async ({ page }) => {
  const clinic = await createClinic();
  const desk = await addStaff(clinic, 'Front Desk', 'Desmond');
  await page.setViewportSize({ width: 768, height: 1024 });
  await signInAsStaff(page, desk.username, desk.password);
  await expect(page.getByRole('button', { name: 'Add to queue' }).first()).toBeVisible();
  await page.keyboard.press('Alt+N');
  const dialog = page.getByRole('dialog', { name: 'Add to queue' });
  await expect(dialog.getByRole('combobox', { name: 'Patient' })).toBeFocused();
  await expect(dialog.locator('[data-dialog-save]')).toBeInViewport();
  // Still in view with the focus at the bottom of the form.
  await dialog.getByRole('textbox', { name: 'Email' }).focus();
  await expect(dialog.locator('[data-dialog-save]')).toBeInViewport();
});
