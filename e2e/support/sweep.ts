import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Locator,
  Page,
} from '@playwright/test';
import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Audience } from '../../apps/web/src/app/routes.ts';
import { axeProblems, coveredProblems, layoutProblems } from './sweep-checks.ts';
import { addressOf, type SweepScreen } from './sweep-routes.ts';

/** The sweep's screenshots and findings: kept after the run (CI artefacts). */
export const SWEEP_DIR = resolve(import.meta.dirname, '../../test-results/sweep');
/** The roles' browser storage and the route parameters, written by the setup. */
export const SWEEP_STATE = resolve(import.meta.dirname, '../../test-results/sweep-state.json');

/**
 * The sizes of issue 23: tablet upright and sideways, small laptop, and desktop. CI sweeps
 * the first three (where layouts break: the drawer, the narrowest tables); the desktop
 * size, the widest and least likely to break, only with `SWEEP_ALL_SIZES=1`, to keep CI
 * within its 20 minutes (decided in issue 11; docs/architecture.md, End-to-end tests).
 */
const ALL_SWEEP_SIZES = [
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

export const SWEEP_SIZES =
  process.env.SWEEP_ALL_SIZES === '1' ? ALL_SWEEP_SIZES : ALL_SWEEP_SIZES.slice(0, 3);

/**
 * The sizes at which axe-core runs: the smallest and the largest (of those CI sweeps). Its rules read the
 * page's elements, names and colours, which the two middle sizes share with one of these
 * (the narrow layout with its navigation drawer, the wide one with its side navigation);
 * what does change with the size (sideways scroll, clipped text, actions and Save out of
 * view, covered content) is checked at every size, and every size has its screenshots.
 */
export const AXE_SIZES: ReadonlySet<string> = new Set(
  [SWEEP_SIZES[0], SWEEP_SIZES.at(-1)].map((size) => `${size?.width}x${size?.height}`),
);

/**
 * The demo users the sweep signs in as, in order of preference: a screen is opened by the
 * first role of its audience whose permissions include the screen's.
 */
export const SWEEP_ROLES = [
  {
    name: 'frontdesk',
    audience: 'staff',
    username: 'demo.frontdesk',
    signInPath: '/auth/login',
    lands: /\/TPY\/queue$/,
  },
  {
    name: 'admin',
    audience: 'staff',
    username: 'demo.admin',
    signInPath: '/auth/login',
    lands: /\/TPY\/queue$/,
  },
  {
    name: 'owner',
    audience: 'console',
    username: 'demo.admin',
    signInPath: '/login',
    lands: /\/console\/tenant$/,
  },
].map((role) => ({ ...role, password: 'Clinic-demo-2026', audience: role.audience as Audience }));

export interface SweepState {
  params: Record<string, string>;
  roles: Array<{
    name: string;
    audience: Audience;
    permissions: string[];
    storage: Exclude<BrowserContextOptions['storageState'], string | undefined>;
  }>;
}

export interface SweepResult {
  screen: string;
  address: string;
  size: string;
  role: string;
  problems: string[];
  seconds: number;
  steps: Record<string, number>;
}

type Size = { width: number; height: number };

const sizeName = (size: Size) => `${size.width}x${size.height}`;

/**
 * Opens one screen once and checks it, its dialogs and its menus at each size in turn: the
 * page is resized (a tablet turned, a window narrowed) rather than loaded again, so loading
 * the app, about half of a screen's time, is paid once per screen instead of once per size.
 * A layout that only comes right on a fresh load at a size is a finding too: a tablet turns.
 */
export async function sweepScreen(
  browser: Browser,
  baseURL: string,
  state: SweepState,
  screen: SweepScreen,
): Promise<SweepResult[]> {
  const role =
    screen.audience === 'public'
      ? null
      : state.roles.find(
          (r) =>
            r.audience === screen.audience &&
            (!screen.permission || r.permissions.includes(screen.permission)),
        );
  if (role === undefined)
    throw new Error(`No sweep role of ${screen.audience} may open ${screen.pattern}`);
  const address = addressOf(screen.pattern, state.params);
  const context = await contextOf(browser, baseURL, role ?? null);
  const page = await context.newPage();
  trackRequests(page);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  const results: SweepResult[] = [];
  try {
    for (const [index, size] of SWEEP_SIZES.entries()) {
      const started = Date.now();
      const problems: string[] = [];
      if (index === 0) {
        await open(page, address);
        const went = new URL(page.url()).pathname;
        if (went !== address) problems.push(`went to ${went} instead`);
      } else await resize(page, size);
      const steps = { [index === 0 ? 'open' : 'resize']: (Date.now() - started) / 1000 };
      problems.push(...(await sweepSize(page, screen, address, size, steps)));
      // A console error belongs to the size during which it was logged.
      problems.push(...errors.splice(0));
      results.push({
        screen: screen.name,
        address,
        size: sizeName(size),
        role: role?.name ?? 'signed out',
        problems: [...new Set(problems)],
        seconds: (Date.now() - started) / 1000,
        steps,
      });
    }
  } finally {
    await page.close();
  }
  for (const result of results)
    await writeFile(
      `${resolve(SWEEP_DIR, result.size)}/${screen.name}.json`,
      JSON.stringify(result, null, 2),
    );
  return results;
}

/** Turns the page to another size, back at the top, once it has settled in its new layout. */
async function resize(page: Page, size: Size): Promise<void> {
  await page.setViewportSize(size);
  await page.evaluate(() => window.scrollTo(0, 0));
  await settle(page);
  await transitions(page);
}

/** The checks of one size on the open page: layout, axe, screenshot, menus and dialogs. */
async function sweepSize(
  page: Page,
  screen: SweepScreen,
  address: string,
  size: Size,
  steps: Record<string, number>,
): Promise<string[]> {
  const name = screen.name;
  const withAxe = AXE_SIZES.has(sizeName(size));
  const shots = resolve(SWEEP_DIR, sizeName(size));
  await mkdir(shots, { recursive: true });
  let lap = Date.now();
  // Seconds spent in each step, kept with the findings to see where the time goes.
  const step = (name: string) => {
    steps[name] = (Date.now() - lap) / 1000;
    lap = Date.now();
  };
  const problems = [...(await coveredProblems(page)), ...(await layoutProblems(page))];
  if (screen.primaryActions && !(await appears(page.locator('[data-primary-action]'))))
    problems.push('no row marks its primary action (data-primary-action)');
  step('layout');
  if (withAxe) {
    problems.push(...(await axeProblems(page)));
    step('axe');
  }
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
  step('screenshot');
  problems.push(
    ...(await sweepPopups(page, screen.frameMenus ? 'body' : 'main', problems, withAxe)),
  );
  step('popups');
  // Each dialog on the same page: closed (Escape) before the next; reloaded if it stays.
  for (const dialog of screen.dialogs) {
    const shot = `${shots}/${name}--${slug(dialog.key)}.png`;
    problems.push(...(await sweepDialog(page, dialog.button, shot, withAxe)));
    if (!(await closeDialogs(page))) await open(page, address);
    step(`dialog ${dialog.key}`);
  }
  return problems;
}

/**
 * One browser context per role in each worker, reused by every screen it opens (a new page
 * each): no new context and sign-in state per screen, and the app's hashed (immutable)
 * scripts come from the context's cache after the first screen. Each new document starts
 * its inactivity clock afresh, as a new context did.
 */
const contexts = new Map<string, Promise<BrowserContext>>();

function contextOf(
  browser: Browser,
  baseURL: string,
  role: SweepState['roles'][number] | null,
): Promise<BrowserContext> {
  const key = role?.name ?? 'signed out';
  let context = contexts.get(key);
  if (!context) {
    context = browser
      .newContext({ baseURL, viewport: SWEEP_SIZES[0], storageState: role?.storage })
      .then(async (created) => {
        // Every frame runs it, the print preview's PDF frame too, where storage is null.
        await created.addInitScript(() => window.localStorage?.removeItem('lastClickTime'));
        return created;
      });
    contexts.set(key, context);
  }
  return context;
}

/** Loads an address and waits until its data has arrived and nothing is loading. */
async function open(page: Page, address: string): Promise<void> {
  await page.goto(address);
  // The app's own start (config, the route's code, then its data) may pause between
  // requests: a first load waits for 500 ms without any.
  await page.waitForLoadState('networkidle');
  await settle(page);
}

const requestsInFlight = new WeakMap<Page, { count: number; last: number }>();

/** Counts the page's requests in flight, for `settle`. */
function trackRequests(page: Page): void {
  const track = { count: 0, last: Date.now() };
  requestsInFlight.set(page, track);
  const done = () => {
    track.count -= 1;
    track.last = Date.now();
  };
  page.on('request', () => {
    track.count += 1;
    track.last = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/**
 * Waits until no request has been in flight for 150 ms (the data a dialog or menu asked for
 * has arrived; Playwright's 'networkidle' only waits once per page), then until nothing
 * shows a loader.
 */
async function settle(page: Page): Promise<void> {
  const track = requestsInFlight.get(page)!;
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline && (track.count > 0 || Date.now() - track.last < 150))
    await page.waitForTimeout(50);
  await page
    .locator('.mantine-Loader-root, .mantine-Skeleton-root[data-visible], [aria-busy="true"]')
    .first()
    .waitFor({ state: 'hidden', timeout: 10_000 })
    .catch(() => undefined);
}

/**
 * Mantine's dialog and menu transitions (150 to 200 ms): checks see the end state. Waits
 * until no finite animation or transition has run for three frames in a row (a transition
 * starts a frame after its element appears), at most a second.
 */
const transitions = (page: Page) =>
  page
    .waitForFunction(
      (token) => {
        const state = window as unknown as { sweepToken?: number; sweepQuietFrames: number };
        if (state.sweepToken !== token) [state.sweepToken, state.sweepQuietFrames] = [token, 0];
        const running = document
          .getAnimations()
          .some(
            (animation) =>
              animation.playState === 'running' &&
              animation.effect?.getTiming().iterations !== Infinity,
          );
        state.sweepQuietFrames = running ? 0 : state.sweepQuietFrames + 1;
        return state.sweepQuietFrames >= 3;
      },
      Math.random(),
      { polling: 'raf', timeout: 1_000 },
    )
    .then(
      () => undefined,
      () => undefined,
    );

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);

/** Opens a dialog by its button, checks it and its pickers, and closes it. */
async function sweepDialog(
  page: Page,
  opener: RegExp,
  shot: string,
  withAxe: boolean,
): Promise<string[]> {
  const button = page.getByRole('button', { name: opener }).first();
  if (!(await appears(button))) return [`no button ${opener} to open its dialog`];
  const name = (await button.getAttribute('aria-label')) ?? (await button.innerText());
  await button.click();
  const dialog = page.getByRole('dialog').last();
  try {
    await dialog.waitFor({ state: 'visible', timeout: 5_000 });
  } catch {
    return [`'${name}' opened no dialog`];
  }
  await settle(page);
  await transitions(page);
  const problems = [
    ...(await layoutProblems(page, '[role="dialog"]')),
    ...(withAxe ? await axeProblems(page, '[role="dialog"]') : []),
  ];
  await page.screenshot({ path: shot });
  problems.push(...(await sweepPopups(page, '[role="dialog"]', problems, withAxe)));
  return problems.map((problem) => `dialog '${name}': ${problem}`);
}

/**
 * Whether an element is (or comes) into the page within a few seconds: a section loaded on
 * its own (a lazy part with its own data) may come after the page has settled.
 */
async function appears(locator: Locator): Promise<boolean> {
  return locator
    .first()
    .waitFor({ state: 'attached', timeout: 10_000 })
    .then(
      () => true,
      () => false,
    );
}

/** Closes the open dialogs with Escape; whether none is left open. */
async function closeDialogs(page: Page): Promise<boolean> {
  const dialogs = page.getByRole('dialog');
  for (let tries = 0; tries < 3 && (await dialogs.count()) > 0; tries += 1) {
    await page.keyboard.press('Escape');
    await dialogs
      .first()
      .waitFor({ state: 'detached', timeout: 2_000 })
      .catch(() => undefined);
  }
  await transitions(page);
  return (await dialogs.count()) === 0;
}

/**
 * Opens every menu and picker (`aria-haspopup`) within a part of the page, one at a time:
 * in a table, only the first row's (every row has the same). Checks each while open.
 */
async function sweepPopups(
  page: Page,
  within: string,
  known: string[],
  withAxe: boolean,
): Promise<string[]> {
  const count = await page.evaluate((selector) => {
    const scope = document.querySelector(selector);
    if (!scope) return 0;
    const triggers = [...scope.querySelectorAll('[aria-haspopup]')].filter((trigger) => {
      if (trigger.getAttribute('aria-haspopup') === 'false') return false;
      if (trigger.closest('[aria-hidden="true"], [inert]')) return false;
      if (trigger.getClientRects().length === 0) return false;
      if ((trigger as HTMLInputElement).disabled || (trigger as HTMLInputElement).readOnly)
        return false;
      // Outside the dialog being swept when the scope is the page.
      if (selector !== '[role="dialog"]' && trigger.closest('[role="dialog"]')) return false;
      const row = trigger.closest('tbody tr');
      return !row || row === row.parentElement?.querySelector('tr');
    });
    triggers.forEach((trigger, index) => trigger.setAttribute('data-sweep-trigger', String(index)));
    return triggers.length;
  }, within);
  const problems: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const trigger = page.locator(`${within} [data-sweep-trigger="${index}"]`).first();
    if ((await trigger.count()) === 0) continue;
    const name = await triggerName(trigger);
    const popup = await openPopup(page, trigger);
    if (!popup) {
      // A type-ahead (a combobox with an autocomplete list) opens when typed in, not on a click.
      if ((await trigger.getAttribute('aria-autocomplete')) === 'list') continue;
      problems.push(`the ${name} does not open on a click, or does not say so (aria-expanded)`);
      continue;
    }
    // What the open popup adds: the page's own problems are reported once, without it.
    const seen = [
      ...(await layoutProblems(page, popup)),
      ...(withAxe ? await axeProblems(page, popup) : []),
    ];
    problems.push(
      ...seen
        .filter((problem) => !known.includes(problem))
        .map((problem) => `with the ${name} open: ${problem}`),
    );
    await page.keyboard.press('Escape');
    // Closed: the trigger says so (a hover-opened one may stay open) and its transition ran.
    await trigger
      .page()
      .waitForFunction(
        (element) => element?.getAttribute('aria-expanded') !== 'true',
        await trigger.elementHandle(),
        { timeout: 1_000 },
      )
      .catch(() => undefined);
    await transitions(page);
  }
  return problems;
}

async function triggerName(trigger: Locator): Promise<string> {
  return trigger.evaluate((element) => {
    const kind = element.getAttribute('aria-haspopup');
    const label =
      element.getAttribute('aria-label') ??
      (element.id &&
        document.querySelector(`label[for="${CSS.escape(element.id)}"]`)?.textContent) ??
      element.textContent ??
      '';
    return `${kind === 'true' ? 'menu' : kind} '${label.replace(/\s+/g, ' ').trim().slice(0, 40)}'`;
  });
}

/** Clicks (then hovers) a trigger until it says it is expanded; answers its popup's selector. */
async function openPopup(page: Page, trigger: Locator): Promise<string | null> {
  await trigger.click();
  let expanded = await waitExpanded(trigger);
  if (!expanded) {
    await trigger.hover();
    expanded = await waitExpanded(trigger);
  }
  if (!expanded) return null;
  await settle(page);
  await transitions(page);
  const controls = await trigger.getAttribute('aria-controls');
  return controls ? `[id="${controls}"]` : 'body';
}

async function waitExpanded(trigger: Locator): Promise<boolean> {
  try {
    await trigger
      .page()
      .waitForFunction(
        (element) => element?.getAttribute('aria-expanded') === 'true',
        await trigger.elementHandle(),
        { timeout: 1_000 },
      );
    return true;
  } catch {
    return false;
  }
}
