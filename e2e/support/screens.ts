import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { resolve } from 'node:path';

const SCREENS = resolve(import.meta.dirname, '../../test-results/e2e-screens');

export const LAPTOP = { width: 1366, height: 768 };
export const DESKTOP = { width: 1920, height: 1080 };

/** Saves the screen at laptop and desktop sizes for a reviewer, restoring the viewport. */
export async function snap(page: Page, name: string): Promise<void> {
  const original = page.viewportSize() ?? LAPTOP;
  for (const size of [LAPTOP, DESKTOP]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SCREENS}/${name}-${size.width}.png`, fullPage: true });
  }
  await page.setViewportSize(original);
}

/** No serious or critical accessibility violations on the page as it is. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

/** Signs in through the staff sign-in screen. */
export async function signInAsStaff(
  page: Page,
  username: string,
  password: string,
  path = '/auth/login',
): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Username').fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Starts recording every snackbar the page shows from now on. Snackbars close after 2 s,
 * so a test that first waits for something else (a refetch on a loaded machine) could look
 * too late; the recording keeps them. Read it in `expect.poll`.
 */
export async function recordSnackbars(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { snackbars: string[] }).snackbars = seen;
    new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.addedNodes) {
          if (!(node instanceof Element)) continue;
          const alerts = node.matches('[role="alert"]')
            ? [node]
            : [...node.querySelectorAll('[role="alert"]')];
          seen.push(...alerts.map((alert) => alert.textContent ?? ''));
        }
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { snackbars: string[] }).snackbars);
}
