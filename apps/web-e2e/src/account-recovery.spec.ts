import { expect, test } from './support/test';
import { expectAccessible } from './support/checks';
import { DESKTOP, PHONE } from './support/devices';

/**
 * A person who cannot sign in: "Forgot password?" on the sign-in card, and the page a mailed
 * reset link opens (here with a link that is not valid: the suite's server sends no mail). Both
 * themes, at phone and desktop width; axe on each state.
 */
const themes = ['standard', 'outdoor'] as const;
const sizes = [
  { name: 'phone', ...PHONE },
  { name: 'desktop', ...DESKTOP },
];

for (const theme of themes) {
  test(`forgot password and a dead reset link, ${theme} theme`, async ({ browser }) => {
    test.setTimeout(120_000);
    for (const { name: size, ...options } of sizes) {
      const context = await browser.newContext(options);
      if (theme === 'outdoor') {
        await context.addInitScript(() => localStorage.setItem('fieldcraft.outdoor-mode', 'on'));
      }
      const page = await context.newPage();
      const where = `${size}, ${theme}`;

      // The sign-in card's "Forgot password?" (opened from the address, as a dead link's
      // "Ask for a New Link" does).
      await page.goto('/login?forgot=1');
      const form = page.getByRole('form', { name: 'Forgot your password?' });
      await expect(form).toBeVisible();
      await expectAccessible(page, `forgot password @${where}`);
      await form.getByRole('textbox', { name: 'Email' }).fill(`nobody-${size}@example.com`);
      await form.getByRole('button', { name: 'Ask for a reset' }).click();
      await expect(form.getByRole('alert')).toContainText('If an account uses that email');
      await expectAccessible(page, `forgot password answered @${where}`);

      // A link's page: the form, then the server's refusal of a token that is not live.
      await page.goto('/reset-password?token=not-a-live-token-not-a-live-token-xxxxxxxx');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Choose a New Password' }),
      ).toBeVisible();
      await expectAccessible(page, `reset link form @${where}`);
      await page.getByLabel('New Password', { exact: true }).fill('quarry-lintel-tarp-58');
      await page.getByLabel('Confirm New Password', { exact: true }).fill('quarry-lintel-tarp-58');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expect(page.getByRole('alert')).toContainText('invalid or has expired');
      await expect(page.getByRole('link', { name: 'Ask for a New Link' })).toHaveAttribute(
        'href',
        '/login?forgot=1',
      );
      await expectAccessible(page, `dead reset link @${where}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        options.viewport.width,
      );
      await context.close();
    }
  });
}
