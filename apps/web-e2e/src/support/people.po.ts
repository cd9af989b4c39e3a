import { expect, type Locator, type Page } from '@playwright/test';

/** /user-management: the list, its filters and the per-user actions. */
export class UserManagementPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/user-management');
    await expect(
      this.page.getByRole('heading', { level: 1, name: 'User Management' }),
    ).toBeVisible();
    await expect(this.page.getByRole('status').filter({ hasText: /\d+ users?/ })).toBeVisible();
  }

  rows = () => this.page.getByRole('list', { name: 'Users' }).getByRole('listitem');
  row = (name: string) => this.page.getByRole('listitem', { name, exact: true });
  search = () => this.page.getByRole('searchbox', { name: 'Search' });

  toast(text: string | RegExp) {
    return this.page
      .getByRole('region', { name: /Notifications/ })
      .getByText(text)
      .first();
  }

  async find(text: string, name: string) {
    await this.search().fill(text);
    await expect(this.rows()).toHaveCount(1);
    await expect(this.row(name)).toBeVisible();
  }

  /** Opens a row's actions menu and picks one; returns the dialog it opens. */
  async action(
    name: string,
    action: string,
    dialogName: string | RegExp = action,
  ): Promise<Locator> {
    await this.row(name)
      .getByRole('button', { name: `Actions for ${name}` })
      .click();
    await this.page.getByRole('menuitem', { name: action }).click();
    const dialog = this.page.getByRole('dialog', { name: dialogName });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  async choose(scope: Page | Locator, label: string | RegExp, option: string | RegExp) {
    await scope.getByRole('combobox', { name: label }).click();
    await this.page.getByRole('option', { name: option }).click();
  }
}
