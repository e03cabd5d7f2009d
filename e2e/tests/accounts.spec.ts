import { expect, test } from '../support/test.ts';
import {
  addStaff,
  createClinic,
  createClinicWithTemporaryPassword,
  uniqueSubdomain,
} from '../support/clinic.ts';
import { ACTIVATION_CODE, TEMPORARY_PASSWORD, readMail } from '../support/outbox.ts';
import { expectAccessible, signInAsStaff, snap } from '../support/screens.ts';

test.describe('in a Singapore browser', () => {
  test.use({ locale: 'en-SG' });
  test('[ACCOUNTS] a new clinic registers, activates, changes its password and reaches its queue', async ({
    page,
  }) => {
    const subdomain = uniqueSubdomain();
    const email = `${subdomain}@example.com`;

    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Register your clinic' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('Singapore');
    await expectAccessible(page);
    await page.getByLabel('Subdomain').fill(subdomain);
    await page.getByLabel('Clinic name').fill('Sunrise Family Clinic');
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Ho');
    await page.getByLabel('Email').fill(email);
    const trial = page.getByRole('button', { name: 'Start free trial' });
    await expect(trial).toBeDisabled();
    await page.getByLabel(/I agree to the terms/).check();
    await snap(page, 'register');
    await trial.click();

    await expect(page.getByText(`We have emailed an activation code to ${email}`)).toBeVisible();
    await page.getByRole('link', { name: 'Enter the activation code now' }).click();
    await expect(page).toHaveURL(`/${subdomain}/confirm`);
    await expect(page.getByRole('heading', { name: 'Activate your clinic' })).toBeVisible();

    await page.getByRole('button', { name: 'Activate' }).click();
    await expect(page.getByRole('alert')).toHaveText('The activation code is required!');
    await page.getByLabel('Activation code').fill('0000 0000');
    await page.getByRole('button', { name: 'Activate' }).click();
    await expect(page.getByRole('alert')).toContainText('The activation code is not correct');
    await snap(page, 'confirm');

    const [, code] = await readMail(email, ACTIVATION_CODE);
    await page.getByLabel('Activation code').fill(code!);
    await page.getByRole('button', { name: 'Activate' }).click();
    await expect(page.getByText(/Going to sign-in in [1-5] seconds/)).toBeVisible();
    await snap(page, 'confirm-countdown');
    await expect(page).toHaveURL('/auth/login', { timeout: 8_000 });

    const [, temporary] = await readMail(email, TEMPORARY_PASSWORD);
    await signInAsStaff(page, email, temporary!, page.url());
    await expect(page).toHaveURL('/MAIN/user/profile');
    const dialog = page.getByRole('dialog', { name: 'Choose your own password' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await snap(page, 'forced-password');
    await dialog.getByLabel('Current password').fill(temporary!);
    await dialog.getByRole('textbox', { name: 'New password', exact: true }).fill('short');
    await dialog.getByLabel('New password again').fill('short');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expect(dialog.getByText('The password must be at least 10 characters.')).toBeVisible();
    await dialog
      .getByRole('textbox', { name: 'New password', exact: true })
      .fill('Sunrise-clinic-2026');
    await dialog.getByLabel('New password again').fill('Sunrise-clinic-2026');
    await dialog.getByRole('button', { name: 'Change password' }).click();

    await expect(page).toHaveURL('/MAIN/queue');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Queue' })).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'queue-shell');
  });
});

test('[ACCOUNTS] a user signs out and back in, and a redirect brings them back', async ({
  page,
}) => {
  const clinic = await createClinic();
  await signInAsStaff(page, clinic.username, clinic.password);
  await expect(page).toHaveURL('/MAIN/queue');

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/auth/login?logout=1');

  // A protected page asks for sign-in, then returns there.
  await page.goto('/MAIN/user/profile');
  await expect(page).toHaveURL('/auth/login?redirect=%2FMAIN%2Fuser%2Fprofile');
  await snap(page, 'staff-login');
  await expectAccessible(page);
  await page.getByLabel('Username').fill(clinic.username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Wrong-password-1');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect username or password.');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(clinic.password);
  await page.getByRole('textbox', { name: 'Password', exact: true }).press('Enter');
  await expect(page).toHaveURL('/MAIN/user/profile');
  await expect(page.getByRole('heading', { name: 'My profile' })).toBeVisible();
  await snap(page, 'profile');
});

test('[ACCOUNTS] sign-in buttons wait for both fields; the tenant console sign-in lands on the console', async ({
  page,
}) => {
  const clinic = await createClinic();
  await page.goto('/login');
  const signIn = page.getByRole('button', { name: 'Sign in', exact: true });
  await expect(signIn).toBeDisabled();
  await page.getByLabel('Username').fill(clinic.username);
  await expect(signIn).toBeDisabled();
  await page.getByRole('textbox', { name: 'Password' }).fill(clinic.password);
  await expect(signIn).toBeEnabled();
  await snap(page, 'tenant-login');
  await page.getByRole('textbox', { name: 'Password' }).press('Enter');
  await expect(page).toHaveURL('/console/tenant');
  await expect(page.getByRole('heading', { name: clinic.clinicName })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'console');
});

test('[ACCOUNTS] the console refuses a front-desk user: at its sign-in, and at its addresses', async ({
  page,
}) => {
  // The attack: a front-desk user signed in at /login and saw all ten console sections.
  const clinic = await createClinic();
  const desk = await addStaff(clinic, 'Front Desk', 'Desk');
  await page.goto('/login');
  await page.getByLabel('Username').fill(desk.username);
  await page.getByRole('textbox', { name: 'Password' }).fill(desk.password);
  await page.getByRole('textbox', { name: 'Password' }).press('Enter');
  const refusal =
    'The console is for clinic administrators. Please sign in at the staff sign-in page.';
  // Like every 403, the refusal shows in the error dialog, and stays on the form once it closes.
  const dialog = page.getByRole('dialog', { name: 'Error' });
  await expect(dialog.getByRole('alert')).toHaveText(refusal);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(refusal);
  await expect(page).toHaveURL('/login');

  // Signed in as staff, the console's addresses show the refusal, not its sections.
  await signInAsStaff(page, desk.username, desk.password);
  await expect(page).toHaveURL('/MAIN/queue');
  await page.goto('/console/branches');
  await expect(page.getByRole('alert')).toContainText('The console is for clinic administrators.');
  await expect(page.getByRole('link', { name: 'Branches' })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Back to the clinic' }).click();
  await expect(page).toHaveURL('/MAIN/queue');
});

test('[ACCOUNTS] the demo catalog user lands on the medications catalog', async ({ page }) => {
  await signInAsStaff(page, 'demo.catalog', 'Clinic-demo-2026');
  await expect(page).toHaveURL('/console/catalogs/medications');
  await expect(page.getByRole('heading', { name: 'Medications' })).toBeVisible();
  // Without a branch the catalog user holds no permission yet: the page says so rather than
  // asking the server and alerting its refusal.
  await expect(page.getByRole('alert')).toContainText('Your account may not read the catalog yet.');
  // The catalog user's console holds the catalogs only.
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation.getByRole('link')).toHaveText(['Catalogs']);
  await page.goto('/console/user-management');
  await expect(page.getByRole('alert')).toHaveText(
    'This part of the console is not open to you. Please ask your clinic administrator.',
  );
});

test('[ACCOUNTS] an unknown address shows the 404 page with a way back', async ({ page }) => {
  const clinic = await createClinic();
  await signInAsStaff(page, clinic.username, clinic.password);
  await expect(page).toHaveURL('/MAIN/queue');
  await page.goto('/NOBRANCH/queue');
  await expect(page.getByText('Sorry but we could not find the page.')).toBeVisible();
  await snap(page, 'not-found');
  await page.goto('/MAIN/no-such-page');
  await expect(page.getByText('Sorry but we could not find the page.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the dashboard' }).click();
  await expect(page).toHaveURL('/MAIN/dashboard');
});

test('[ACCOUNTS] an owner signing in to the console with the temporary password must choose a password first', async ({
  page,
}) => {
  const clinic = await createClinicWithTemporaryPassword();
  await page.goto('/login');
  await page.getByLabel('Username').fill(clinic.username);
  await page.getByRole('textbox', { name: 'Password' }).fill(clinic.password);
  await page.getByRole('textbox', { name: 'Password' }).press('Enter');

  await expect(page).toHaveURL('/console/tenant');
  const dialog = page.getByRole('dialog', { name: 'Choose your own password' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  // Another console address keeps the owner on the tenant page with the dialog.
  await page.goto('/console/branches');
  await expect(page).toHaveURL('/console/tenant');
  await expect(dialog).toBeVisible();
  await snap(page, 'console-forced-password');

  await dialog.getByLabel('Current password').fill(clinic.password);
  await dialog
    .getByRole('textbox', { name: 'New password', exact: true })
    .fill('Owner-console-2026');
  await dialog.getByLabel('New password again').fill('Owner-console-2026');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: clinic.clinicName })).toBeVisible();
  await page.getByRole('link', { name: 'Branches' }).first().click();
  await expect(page).toHaveURL('/console/branches');
});
