import { expect, type Locator, type Page } from '@playwright/test';

/** The Analytics screens, reached the way an owner does: the navigation's Analytics menu. */
export class AnalyticsPage {
  constructor(private readonly page: Page) {}

  /** Opens one screen from the Analytics menu of the main navigation bar. */
  async openFromMenu(screen: 'Voice Usage' | 'Content Engagement' | 'Knowledge Gaps') {
    const nav = this.page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Analytics' }).click();
    await this.page.getByRole('menuitem', { name: screen }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: screen })).toBeVisible();
  }

  table = (name: string) => this.page.getByRole('table', { name, exact: true });

  /** The row of `table` whose row header is `name`. */
  row = (table: string, name: string): Locator =>
    this.table(table)
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name, exact: true }) });

  /** The number in the `column`-th data cell (0-based, after the row header) of a row. */
  async number(table: string, name: string, column: number): Promise<number> {
    const row = this.row(table, name);
    if ((await row.count()) === 0) return 0;
    const text = (await row.getByRole('cell').nth(column).textContent()) ?? '';
    return Number(text.replace(/,/g, ''));
  }

  stat = (label: string) =>
    this.page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

  async choosePeriod(days: 7 | 30 | 90) {
    const button = this.page.getByRole('button', { name: `Last ${days} days` });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(this.page).toHaveURL(new RegExp(`days=${days}`));
  }

  toast(text: string | RegExp) {
    return this.page
      .getByRole('region', { name: /Notifications/ })
      .getByText(text)
      .first();
  }
}
