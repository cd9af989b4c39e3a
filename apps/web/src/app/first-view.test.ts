import { makeUser } from '@fieldcraft/contracts/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storageKeys } from '../shared/session/auth-storage';
import {
  FIRST_VIEW_ELEMENT_ID,
  firstViewSnapshot,
  serializeFirstView,
  takeFirstView,
} from './first-view';

const dana = makeUser({ id: 7, role: 'USER', firstName: 'Dana' });
const data = { getAuthStatus: { isAuthenticated: true, user: dana }, getDashboardContent: [] };

/** A page as the server sends it: #root drawn, the answers beside it. */
function page(snapshotText: string) {
  document.body.innerHTML =
    `<div id="root" data-first-view="server"><h1>Welcome back, Dana</h1></div>` +
    `<script type="application/json" id="${FIRST_VIEW_ELEMENT_ID}">${snapshotText}</script>`;
}
const root = () => document.getElementById('root') as HTMLElement;
const snapshot = () => firstViewSnapshot(data) as NonNullable<ReturnType<typeof firstViewSnapshot>>;

beforeEach(() => localStorage.clear());
afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('takeFirstView', () => {
  it('returns the answers of a first view this device may show, and leaves the drawn page', () => {
    page(serializeFirstView(snapshot()));
    expect(takeFirstView()).toMatchObject({ v: 1, userId: 7, data });
    expect(root().textContent).toBe('Welcome back, Dana');
    // Taken once: the data block is gone.
    expect(document.getElementById(FIRST_VIEW_ELEMENT_ID)).toBeNull();
  });

  it('shows it when the device remembers the same user', () => {
    localStorage.setItem(storageKeys.user, JSON.stringify(dana));
    page(serializeFirstView(snapshot()));
    expect(takeFirstView()?.userId).toBe(7);
  });

  it("removes another user's page (one the service worker kept) before anything is drawn", () => {
    localStorage.setItem(storageKeys.user, JSON.stringify(makeUser({ id: 8, role: 'USER' })));
    page(serializeFirstView(snapshot()));
    expect(takeFirstView()).toBeNull();
    expect(root().childElementCount).toBe(0);
    expect(root().dataset.firstView).toBeUndefined();
  });

  it('removes it while impersonating', () => {
    localStorage.setItem(storageKeys.impersonationToken, 'a.b.c');
    page(serializeFirstView(snapshot()));
    expect(takeFirstView()).toBeNull();
    expect(root().childElementCount).toBe(0);
  });

  it('removes a malformed, mismatched or too old one', () => {
    for (const bad of [
      '{not json',
      JSON.stringify({ ...snapshot(), userId: 8 }),
      JSON.stringify({ ...snapshot(), data: { ...data, somethingElse: 1 } }),
      JSON.stringify({ ...snapshot(), savedAt: Date.now() - 8 * 24 * 60 * 60 * 1000 }),
    ]) {
      page(bad);
      expect(takeFirstView(), bad).toBeNull();
      expect(root().childElementCount, bad).toBe(0);
    }
  });

  it('returns null and touches nothing on a page without a first view', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(takeFirstView()).toBeNull();
  });
});
