import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { SWEEP_STATE, sweepScreen, type SweepState } from '../support/sweep.ts';
import { sweepScreens } from '../support/sweep-routes.ts';

/**
 * The route sweep (issue 23): every screen of the web app's route table, at each size of
 * `SWEEP_SIZES` in turn (the page is loaded once, then resized), signed in as a role that
 * may open it. Fails on a page that scrolls sideways, clipped text, a row's primary action
 * or a dialog's Save out of view, a page or console error, and any critical or serious
 * axe-core violation; on the screen, in each of its dialogs, and with each of its menus
 * and pickers open. Screenshots go to test-results/sweep/<size>/.
 */
// A screen with its dialogs at every size is one test: the page is loaded once for all.
test.describe.configure({ mode: 'parallel', timeout: 360_000 });

let state: SweepState | undefined;
const sweepState = async () =>
  (state ??= JSON.parse(await readFile(SWEEP_STATE, 'utf8')) as SweepState);

for (const screen of sweepScreens()) {
  const dialogs = screen.dialogs.length > 0 ? ` with ${screen.dialogs.length} dialog(s)` : '';
  test(`[SWEEP] ${screen.name} (${screen.pattern})${dialogs}`, async ({ browser, baseURL }) => {
    const results = await sweepScreen(browser, baseURL!, await sweepState(), screen);
    const problems = results.flatMap((result) =>
      result.problems.map((problem) => `${result.size}: ${problem}`),
    );
    expect(problems, `${results[0]?.address} as ${results[0]?.role}`).toEqual([]);
  });
}
