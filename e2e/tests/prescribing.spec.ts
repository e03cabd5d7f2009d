import { expect, test } from '../support/test.ts';
import { prescribeThreeByKeyboard, setUpPrescribing, signInToClinic } from '../support/pharmacy.ts';
import { axeProblems } from '../support/sweep-checks.ts';

test('[RX] doctor prescribes three medicines with the keyboard, one against a recorded allergy', async ({
  page,
}) => {
  test.setTimeout(360_000);
  const rx = await setUpPrescribing();
  await signInToClinic(page, rx.doctor);
  await prescribeThreeByKeyboard(page, rx);

  // At the narrowest supported size the section fits the page and passes axe.
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.getByRole('region', { name: 'Prescriptions' }).scrollIntoViewIfNeeded();
  await page.screenshot({
    path: 'test-results/e2e-screens/rx-three-lines-768.png',
    fullPage: true,
  });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  expect(await axeProblems(page, 'section[aria-labelledby="rx-title"]')).toEqual([]);
});
