import { expect, test, watchForProblems } from '../support/test.ts';
import { BASE } from '../support/clinic.ts';
import { capturePdfs } from '../support/pdf.ts';
import {
  LABEL_SIZE,
  dispenseAll,
  dispensingLines,
  onHand,
  prescribeThreeByKeyboard,
  printLabels,
  receiveStock,
  setUpPrescribing,
  signInToClinic,
} from '../support/pharmacy.ts';
import { LAPTOP } from '../support/screens.ts';
import { axeProblems } from '../support/sweep-checks.ts';

test('[RX] doctor prescribes three medicines by keyboard, one against an allergy (the section fits 768 px and passes axe); the front desk dispenses them and prints the labels; stock falls by exactly that', async ({
  page,
  browser,
  pageProblems,
}) => {
  test.setTimeout(600_000);
  const rx = await setUpPrescribing();
  const { paracetamol, cetirizine, amoxicillin } = rx.medicines;
  const stock = [
    { item: paracetamol, batchNo: 'PCM-RX-1', quantity: 100, expiryDate: '2030-06-30' },
    { item: cetirizine, batchNo: 'CTZ-RX-1', quantity: 30, expiryDate: '2030-09-30' },
    { item: amoxicillin, batchNo: 'AMX-RX-1', quantity: 50, expiryDate: '2031-03-31' },
  ];
  for (const { item, ...batch } of stock) await receiveStock(rx.admin, item.id, batch);
  const stockNow = () => Promise.all(stock.map(({ item }) => onHand(rx.admin, item.id)));
  expect(await stockNow()).toEqual([100, 30, 50]);

  // The doctor prescribes in the browser, by keyboard only.
  await signInToClinic(page, rx.doctor);
  const prescribed = await prescribeThreeByKeyboard(page, rx);
  expect(prescribed.map((line) => line.quantity)).toEqual([24, 7, 10]);
  // Prescribing takes nothing from the shelf.
  expect(await stockNow()).toEqual([100, 30, 50]);
  // At the narrowest supported size the section fits the page and passes axe.
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.getByRole('region', { name: 'Prescriptions' }).scrollIntoViewIfNeeded();
  await page.screenshot({
    path: 'test-results/e2e-screens/rx-three-lines-768.png',
    fullPage: true,
  });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  expect(await axeProblems(page, 'section[aria-labelledby="rx-title"]')).toEqual([]);

  // The front desk, in a browser of its own, opens the same visit.
  const deskContext = await browser.newContext({ baseURL: BASE, viewport: LAPTOP });
  const desk = await deskContext.newPage();
  watchForProblems(desk, pageProblems);
  await capturePdfs(desk);
  await signInToClinic(desk, rx.desk);
  await desk.goto(`/MAIN/patients/${rx.patientId}/medical-records/${rx.visitId}`);
  const lines = dispensingLines(desk);
  await expect(lines).toHaveCount(3, { timeout: 60_000 });
  for (const [index, line] of prescribed.entries()) {
    await expect(lines.nth(index)).toContainText(line.name);
    await expect(lines.nth(index)).toContainText(`${line.quantity} ${line.unit}`);
    await expect(lines.nth(index)).toContainText('Not dispensed');
  }

  // Every line dispensed from its batch, by the desk.
  await dispenseAll(
    desk,
    prescribed.map((line) => line.name),
    'rx-journey-dispense',
  );
  for (const [index, line] of prescribed.entries()) {
    const { batchNo, expiryDate } = stock[index]!;
    await expect(lines.nth(index)).toContainText('by Desmond Lim');
    await expect(lines.nth(index)).toContainText(
      `${batchNo} (exp. ${expiryDate}) × ${line.quantity}`,
    );
  }

  // The labels: one per line, each with its medicine and quantity.
  const printed = await printLabels(desk, {}, 'rx-journey-labels');
  expect(printed.pages).toEqual([LABEL_SIZE, LABEL_SIZE, LABEL_SIZE]);
  for (const line of prescribed) {
    expect(printed.text.split(line.name)).toHaveLength(2);
    expect(printed.text).toContain(`${line.quantity} ${line.unit}`);
  }
  expect(printed.text).toContain(rx.clinic.clinicName);
  expect(printed.text).toContain('Allergic Tan');

  // Stock fell by exactly what was dispensed.
  expect(await stockNow()).toEqual([100 - 24, 30 - 7, 50 - 10]);
  await deskContext.close();
});
