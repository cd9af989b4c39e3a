import { expect, type Locator, type Page } from '@playwright/test';

export interface NewContent {
  title: string;
  description: string;
  category?: 'Read' | 'Watch' | 'Listen';
  type: string;
  url?: string;
  /** A file to upload first (PDF, WORD, DOCUMENT, VIDEO, AUDIO). */
  file?: string;
}

/** /content-management (OWNER): the list, the form and each item's tools. */
export class ContentManagementPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/content-management');
    await expect(
      this.page.getByRole('heading', { level: 1, name: 'Content Management' }),
    ).toBeVisible();
    await expect(this.page.getByRole('heading', { name: /^All Content \(\d+\)$/ })).toBeVisible();
  }

  // A card on a phone, a table row (named by its title) on a desk.
  row = (title: string) =>
    this.page
      .getByRole('listitem', { name: title, exact: true })
      .or(this.page.getByRole('row', { name: title, exact: true }));

  toast(text: string | RegExp) {
    return this.page
      .getByRole('region', { name: /Notifications/ })
      .getByText(text)
      .first();
  }

  async openForm(): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Add Content' }).click();
    const form = this.page.getByRole('dialog', { name: 'Add Content' });
    await expect(form).toBeVisible();
    return form;
  }

  async choose(scope: Locator, label: string, option: string) {
    await scope.getByRole('combobox', { name: label }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  async create(content: NewContent) {
    const form = await this.openForm();
    await form.getByRole('textbox', { name: /^Title/ }).fill(content.title);
    await form.getByRole('textbox', { name: /^Description/ }).fill(content.description);
    if (content.category) await this.choose(form, 'Category', content.category);
    await this.choose(form, 'Type', content.type);
    if (content.file) await form.getByLabel('File', { exact: true }).setInputFiles(content.file);
    if (content.url) await form.getByRole('textbox', { name: /^URL/ }).fill(content.url);
    await form.getByRole('button', { name: 'Create Content' }).click();
    await expect(this.toast('Content saved successfully!')).toBeVisible({ timeout: 30_000 });
    await expect(form).toBeHidden();
    await expect(this.row(content.title)).toBeVisible();
  }

  async accessPopover(title: string): Promise<Locator> {
    await this.row(title)
      .getByRole('button', { name: /^Access \(\d+\)$/ })
      .click();
    const popover = this.page.getByRole('dialog', { name: `Access to ${title}` });
    await expect(popover).toBeVisible();
    return popover;
  }

  async setAccess(title: string, email: string, canAccess: boolean) {
    const popover = await this.accessPopover(title);
    const toggle = popover.getByRole('listitem').filter({ hasText: email }).getByRole('switch');
    if ((await toggle.isChecked()) !== canAccess) await toggle.click();
    if (canAccess) await expect(toggle).toBeChecked();
    else await expect(toggle).not.toBeChecked();
    await popover.getByRole('button', { name: 'Done' }).click();
    await expect(popover).toBeHidden();
  }
}

/** The signed-in dashboard's Watch, Listen and Read panels. */
export class NewsroomPage {
  constructor(private readonly page: Page) {}

  watch = () => this.page.getByRole('region', { name: 'Watch' });
  listen = () => this.page.getByRole('region', { name: 'Listen' });
  read = () => this.page.getByRole('region', { name: 'Read' });
  /** A row: a link when it opens the in-app reader or player, a button when it plays here. */
  item = (panel: Locator, title: string) => {
    const name = new RegExp(`^${escape(title)}`);
    return panel.getByRole('button', { name }).or(panel.getByRole('link', { name }));
  };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
