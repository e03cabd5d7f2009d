import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The layout checks of the route sweep, run in the page as it is shown: each answers the
 * problems it sees as short sentences naming the element, none when all is well.
 */

/** The WCAG 2.1 A and AA rules. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core's source, the version `@axe-core/playwright` (pinned) depends on. The sweep runs
 * axe itself: `AxeBuilder.analyze()` evaluates the 640 kB script in the page on every call
 * (twice), then opens a blank page, evaluates it there again and hands it the results
 * (`finishRun`), which cost more than the checks on a small part such as an open menu. The
 * app has no frames, so one `axe.run` in the page gives the same answer.
 */
const AXE_SOURCE = readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve(
    'axe-core/axe.min.js',
  ),
  'utf8',
);

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/** Critical and serious axe-core violations, in the whole page or in one part of it. */
export async function axeProblems(page: Page, within?: string): Promise<string[]> {
  // Evaluated through Playwright (the content security policy does not apply), once per
  // document: a new page or a reload has no `axe`.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ({ tags, selector }) => {
      const axe = (window as unknown as { axe: AxeRunner }).axe;
      // Violations only: axe then skips the details of what passed, most of its time on a
      // big page.
      const results = await axe.run(selector ? { include: [selector] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
        iframes: false,
      });
      return results.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((node) => ({
          target: node.target.map(String),
          failureSummary: node.failureSummary,
        })),
      }));
    },
    { tags: AXE_TAGS, selector: within },
  );
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => {
      const nodes = v.nodes.slice(0, 3).map((node) => node.target.join(' '));
      const more = v.nodes.length > 3 ? `, +${v.nodes.length - 3}` : '';
      const why = v.nodes[0]?.failureSummary?.replace(/\s+/g, ' ').slice(0, 160) ?? '';
      return `axe ${v.impact} ${v.id}: ${v.help} (${nodes.join(', ')}${more}): ${why}`;
    });
}

/** The part of axe-core's API the sweep uses (its types are not imported into the page). */
interface AxeRunner {
  run(
    context: Document | { include: string[] },
    options: Record<string, unknown>,
  ): Promise<{ violations: AxeViolation[] }>;
}

/**
 * Sideways page scroll, and within a part of the page (all of it by default): clipped
 * text, a row's primary action out of view, and a dialog's Save out of view. Runs in the
 * browser: it must not use anything from outside.
 */
export function layoutProblems(page: Page, within = 'body'): Promise<string[]> {
  return page.evaluate((scopeSelector) => {
    const scopes = [...document.querySelectorAll(scopeSelector)];
    const inScope = (element: Element) => scopes.some((scope) => scope.contains(element));
    const problems: string[] = [];
    const viewWidth = document.documentElement.clientWidth;
    const viewHeight = document.documentElement.clientHeight;

    const describe = (element: Element): string => {
      const text = (
        element instanceof HTMLInputElement
          ? element.value || element.getAttribute('aria-label') || element.placeholder
          : element.textContent
      )
        ?.replace(/\s+/g, ' ')
        .trim()
        .slice(0, 40);
      const tag = element.tagName.toLowerCase();
      const role = element.getAttribute('role');
      return `${tag}${role ? `[role=${role}]` : ''} '${text ?? ''}'`;
    };
    const shown = (element: Element): boolean => {
      if (element.closest('[aria-hidden="true"], [inert]')) return false;
      const style = getComputedStyle(element);
      return (
        element.getClientRects().length > 0 &&
        style.visibility !== 'hidden' &&
        Number(style.opacity) > 0
      );
    };

    // 1. The page scrolls sideways.
    const page = document.scrollingElement ?? document.documentElement;
    if (page.scrollWidth > page.clientWidth + 1)
      problems.push(
        `the page scrolls sideways: ${page.scrollWidth} px of content in ${page.clientWidth} px`,
      );

    // 2. Clipped text in buttons, tabs, table headers, labels and pickers. A deliberate
    // ellipsis is fine when the element offers the whole text (title or accessible name).
    const offersWholeText = (element: Element, clipped: Element, text: string): boolean => {
      if (getComputedStyle(clipped).textOverflow !== 'ellipsis') return false;
      for (let node: Element | null = clipped; node; node = node.parentElement) {
        const offered = `${node.getAttribute('title') ?? ''} ${node.getAttribute('aria-label') ?? ''}`;
        if (text && offered.includes(text)) return true;
        if (node === element) break;
      }
      return false;
    };
    const textOf = (element: Element): string =>
      (element instanceof HTMLInputElement ? element.value : (element.textContent ?? ''))
        .replace(/\s+/g, ' ')
        .trim();
    const overflows = (element: Element): boolean =>
      element.clientWidth > 0 && element.scrollWidth > element.clientWidth + 1;
    const TEXT_HOLDERS =
      'button, [role="tab"], th, [role="columnheader"], label, [role="combobox"], ' +
      'input:not([type="hidden"], [type="checkbox"], [type="radio"], [type="file"])';
    for (const element of document.querySelectorAll(TEXT_HOLDERS)) {
      if (!inScope(element) || !shown(element)) continue;
      // Visually hidden text (clipped to 1 px for screen readers) is not meant to be seen.
      const hidden = (part: Element) => {
        const style = getComputedStyle(part);
        return style.clip !== 'auto' || style.clipPath !== 'none';
      };
      const withinHidden = (part: Element) => {
        for (
          let node: Element | null = part;
          node && node !== element.parentElement;
          node = node.parentElement
        )
          if (hidden(node)) return true;
        return false;
      };
      if (withinHidden(element)) continue;
      const parts = [element, ...element.querySelectorAll('*')].filter(
        (part) => !withinHidden(part),
      );
      const clipped = parts.find(
        (part) =>
          overflows(part) &&
          (part === element || getComputedStyle(part).overflowX !== 'visible') &&
          textOf(part) !== '',
      );
      if (!clipped || offersWholeText(element, clipped, textOf(clipped))) continue;
      problems.push(
        `clipped text in ${describe(element)}: ${clipped.scrollWidth} px of text in ${clipped.clientWidth} px`,
      );
    }

    // The part of an element the viewport and its clipping ancestors let the user see.
    const visibleBox = (element: Element) => {
      const box = element.getBoundingClientRect();
      let [left, right, top, bottom] = [box.left, box.right, box.top, box.bottom];
      for (let node = element.parentElement; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        const clip = node.getBoundingClientRect();
        if (style.overflowX !== 'visible')
          [left, right] = [Math.max(left, clip.left), Math.min(right, clip.right)];
        if (style.overflowY !== 'visible')
          [top, bottom] = [Math.max(top, clip.top), Math.min(bottom, clip.bottom)];
      }
      return {
        box,
        left,
        right: Math.min(right, viewWidth),
        top,
        bottom: Math.min(bottom, viewHeight),
      };
    };

    // 3. A row's primary action out of view (sideways; rows below the fold scroll into view).
    for (const action of document.querySelectorAll('[data-primary-action]')) {
      if (!inScope(action) || !shown(action)) continue;
      const { box, left, right } = visibleBox(action);
      if (Math.max(0, left) > box.left + 1 || right < box.right - 1)
        problems.push(
          `the primary action ${describe(action)} is out of view: at x ${Math.round(box.left)}-${Math.round(box.right)} of ${viewWidth} px, ${Math.max(0, Math.round(box.right - right))} px hidden`,
        );
    }

    // 4. A dialog's Save out of view, without scrolling.
    for (const dialog of document.querySelectorAll('[role="dialog"], [role="alertdialog"]')) {
      if (!inScope(dialog) || !shown(dialog)) continue;
      for (const save of dialog.querySelectorAll('button[type="submit"], [data-dialog-save]')) {
        if (!shown(save)) continue;
        const { box, left, right, top, bottom } = visibleBox(save);
        if (
          Math.max(0, left) > box.left + 1 ||
          right < box.right - 1 ||
          Math.max(0, top) > box.top + 1 ||
          bottom < box.bottom - 1
        )
          problems.push(
            `the dialog's ${describe(save)} is out of view: at x ${Math.round(box.left)}, y ${Math.round(box.top)} in ${viewWidth}x${viewHeight}`,
          );
      }
    }
    return problems;
  }, within);
}

/**
 * The screen's main content out of reach: its main landmark hidden, off-screen, or covered
 * by something drawn over it (a side navigation over the page). Probes the centre of the
 * first heading or text the main landmark shows. Runs in the browser.
 */
export function coveredProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const main = document.querySelector('main, [role="main"]');
    if (!main) return [];
    const box = main.getBoundingClientRect();
    if (box.width < 1 || box.height < 1 || box.right <= 0 || box.left >= innerWidth)
      return [
        `the main content is not shown (${Math.round(box.width)} px wide at x ${Math.round(box.left)})`,
      ];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) =>
        node.textContent?.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP,
    });
    const heading = main.querySelector('h1, h2');
    const probe = heading ?? walker.nextNode()?.parentElement;
    if (!probe) return [];
    const rect = probe.getBoundingClientRect();
    const [x, y] = [rect.left + Math.min(rect.width / 2, 20), rect.top + rect.height / 2];
    if (x < 0 || x >= innerWidth || y < 0 || y >= innerHeight) return [];
    const top = document.elementFromPoint(x, y);
    if (!top || main.contains(top)) return [];
    const cover = top.closest('nav, header, aside, [role="navigation"], [role="banner"]') ?? top;
    const name = cover.getAttribute('aria-label') ?? cover.tagName.toLowerCase();
    return [
      `the main content is covered by ${name}: '${probe.textContent?.trim().slice(0, 30)}' cannot be reached`,
    ];
  });
}
