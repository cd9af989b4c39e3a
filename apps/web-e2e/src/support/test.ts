import { test as base } from '@playwright/test';

export * from '@playwright/test';

/**
 * Playwright's `test` with one addition: the browser contexts a test opens itself
 * (`browser.newContext()`, `signIn`) are closed when it ends. The browser lives for the whole
 * run, so a context left open kept its pages running for every later test: dashboards polling,
 * room chats holding voice sessions, service workers, all on the same two CPUs as the test in
 * progress. Closing them after the test keeps its failure screenshot and page snapshot, which
 * Playwright takes when the test function ends.
 */
export const test = base.extend<{ closeOwnContexts: void }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      const opened = browser.contexts().filter((context) => !before.has(context));
      await Promise.all(opened.map((context) => context.close()));
    },
    { auto: true },
  ],
});
