import { expect, test as base } from '@playwright/test';

/**
 * Playwright's `test`, failing any test whose pages break the content security policy or
 * throw an uncaught error: both are invisible in screenshots but real for users.
 */
export const test = base.extend<{ pageProblems: string[] }>({
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
      await use(problems);
      expect(problems, 'problems the pages reported').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
