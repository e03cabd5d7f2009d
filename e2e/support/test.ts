import { expect, test as base, type Page } from '@playwright/test';

/** Collects into `problems` what `page` reports breaking the content security policy or thrown. */
export function watchForProblems(page: Page, problems: string[]): void {
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
}

/**
 * Playwright's `test`, failing any test whose pages break the content security policy or
 * throw an uncaught error: both are invisible in screenshots but real for users. A test
 * opening pages of its own watches them with `watchForProblems(page, pageProblems)`.
 */
export const test = base.extend<{ pageProblems: string[] }>({
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      watchForProblems(page, problems);
      await use(problems);
      expect(problems, 'problems the pages reported').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
