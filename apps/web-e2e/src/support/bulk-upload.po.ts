import { expect, type Locator, type Page } from '@playwright/test';

/** /bulk-upload (OWNER): defaults, the file picker and one row per file. */
export class BulkUploadPage {
  constructor(private readonly page: Page) {}

  async expectOpen() {
    await expect(this.page.getByRole('heading', { level: 1, name: 'Bulk Upload' })).toBeVisible();
  }

  row = (fileName: string) => this.page.getByRole('listitem', { name: fileName, exact: true });

  async choose(scope: Locator | Page, label: string, option: string) {
    await scope.getByRole('combobox', { name: label }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  async addFiles(files: { name: string; mimeType: string; buffer: Buffer }[]) {
    await this.page.getByLabel('Files to upload').setInputFiles(files);
  }

  async setTitle(fileName: string, title: string) {
    await this.row(fileName)
      .getByRole('textbox', { name: `Title for ${fileName}` })
      .fill(title);
  }

  summary() {
    return this.page.getByRole('status').filter({ hasText: /uploaded, \d+ failed/ });
  }
}
