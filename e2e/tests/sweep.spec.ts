import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { SWEEP_STATE, sweepScreen, type SweepState } from '../support/sweep.ts';
import { sweepScreens } from '../support/sweep-routes.ts';

/**
 * The route sweep (issue 23): every screen of the web app's route table, at the size of
 * this project (one project per size, so the sizes run in parallel workers), signed in
 * as a role that may open it. Fails on a page that scrolls sideways, clipped text, a row's
 * primary action or a dialog's Save out of view, a page or console error, and any
 * critical or serious axe-core violation; on the screen, in each of its dialogs, and with
 * each of its menus and pickers open. Screenshots go to test-results/sweep/<size>/.
 */
test.describe.configure({ mode: 'parallel', timeout: 90_000 });

let state: SweepState | undefined;
const sweepState = async () =>
  (state ??= JSON.parse(await readFile(SWEEP_STATE, 'utf8')) as SweepState);

for (const screen of sweepScreens()) {
  const parts = ['screen' as const, ...screen.dialogs];
  for (const part of parts) {
    const title = part === 'screen' ? '' : ` › dialog ${part.key}`;
    test(`[SWEEP] ${screen.name} (${screen.pattern})${title}`, async ({
      browser,
      baseURL,
      viewport,
    }) => {
      const result = await sweepScreen(
        browser,
        { baseURL: baseURL!, viewport: viewport! },
        await sweepState(),
        screen,
        part,
      );
      expect(result.problems, `${result.address} at ${result.size} as ${result.role}`).toEqual([]);
    });
  }
}
