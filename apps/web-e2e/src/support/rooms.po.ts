import { expect, type Locator, type Page } from '@playwright/test';

export interface NewUser {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  password: string;
}

/** /rooms: the card grid, the filters and (for an OWNER) the room and user tools. */
export class RoomsPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/rooms');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Your Rooms' })).toBeVisible();
    await expect(this.page.getByText(/Available Rooms:/)).toBeVisible();
  }

  cards = () => this.page.getByRole('list', { name: 'Rooms' }).getByRole('article');
  card = (name: string) => this.page.getByRole('article', { name, exact: true });
  availableCount = () => this.page.getByTestId('available-rooms-count');
  search = () => this.page.getByRole('searchbox', { name: 'Search rooms' });

  toast(text: string | RegExp) {
    return this.page
      .getByRole('region', { name: /Notifications/ })
      .getByText(text)
      .first();
  }

  /** Picks an option of a MUI select (a combobox named by its label). */
  async choose(scope: Page | Locator, label: string | RegExp, option: string | RegExp) {
    await scope.getByRole('combobox', { name: label }).click();
    await this.page.getByRole('option', { name: option }).click();
  }

  async filterStatus(label: string) {
    await this.choose(this.page, 'Status', label);
  }

  async filterCategory(label: string) {
    await this.choose(this.page, 'Category', label);
  }

  async openCreateRoom() {
    await this.page.getByRole('button', { name: 'Create New Room' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Create New Room' });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  async createRoom(dialog: Locator, name: string, category: string) {
    await dialog.getByRole('textbox', { name: /Room Name/ }).fill(name);
    await dialog.getByRole('textbox', { name: /Category/ }).fill(category);
    await expect(dialog.getByRole('combobox', { name: /Field Advisor/ })).toHaveText(
      /Field Advisor/,
    );
    await dialog.getByRole('button', { name: 'Create Room' }).click();
    await expect(this.toast('Room created successfully')).toBeVisible();
    await expect(this.card(name)).toBeVisible();
  }

  async openAddUser() {
    await this.page.getByRole('button', { name: 'Add New User' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Add New User' });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  async fillUser(dialog: Locator, user: NewUser) {
    await dialog.getByRole('textbox', { name: /First Name/ }).fill(user.firstName);
    await dialog.getByRole('textbox', { name: /Last Name/ }).fill(user.lastName);
    await dialog.getByRole('textbox', { name: /Email/ }).fill(user.email);
    await dialog.getByRole('textbox', { name: /Username/ }).fill(user.username);
    await dialog.getByLabel(/Initial Password/).fill(user.password);
  }

  async submitUser(dialog: Locator) {
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(
      this.toast('User created successfully! They can now log in to the system.'),
    ).toBeVisible();
  }

  async openManageAccess(roomName: string) {
    await this.card(roomName).getByRole('button', { name: 'Manage User Access' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Manage User Access' });
    await expect(dialog.getByRole('combobox', { name: 'Room' })).toHaveText(roomName);
    return dialog;
  }

  async assign(dialog: Locator, userOption: string | RegExp) {
    await this.choose(dialog, 'User', userOption);
    await dialog.getByRole('button', { name: 'Assign User' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('User assigned to room successfully');
  }

  async toggleStatus(roomName: string, action: 'Pause Room' | 'Resume Room') {
    await this.card(roomName).getByRole('button', { name: action }).click();
    await expect(this.toast('Room status updated successfully')).toBeVisible();
  }

  /** Deletes through the browser's confirmation, checking its words. */
  async delete(roomName: string) {
    this.page.once('dialog', async (dialog) => {
      expect(dialog.type()).toBe('confirm');
      expect(dialog.message()).toBe(
        `Are you sure you want to delete "${roomName}"? This action cannot be undone.`,
      );
      await dialog.accept();
    });
    await this.card(roomName).getByRole('button', { name: 'Delete Room' }).click();
    await expect(this.toast('Room deleted successfully')).toBeVisible();
    await expect(this.card(roomName)).toHaveCount(0);
  }
}

/**
 * On a room's chat page: the room's remembered microphone state is "off", as a user leaves it
 * by tapping the microphone, so a voice session starts muted and Chromium's fake microphone
 * (its beeps) never becomes a spoken turn. Reloads the page to read it.
 */
export async function startMuted(page: Page): Promise<void> {
  const roomId = new URL(page.url()).pathname.split('/').at(-1);
  await page.evaluate((id) => {
    const key = `room_voice_preferences_${id}`;
    const stored = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
    localStorage.setItem(key, JSON.stringify({ ...stored, muted: true }));
  }, roomId);
  await page.reload();
}
