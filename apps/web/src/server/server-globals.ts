/**
 * What the app's modules read from the browser, as a server render must see it: a device that
 * has stored nothing (no impersonation, no preview, no saved answers). Writes are dropped: one
 * Node process renders for many users, and nothing may carry over between their pages.
 */
class EmptyStorage implements Storage {
  readonly length = 0;
  clear(): void {}
  getItem(): string | null {
    return null;
  }
  key(): string | null {
    return null;
  }
  removeItem(): void {}
  setItem(): void {}
}

const globals = globalThis as Record<string, unknown>;
for (const name of ['localStorage', 'sessionStorage']) {
  if (!(name in globals))
    Object.defineProperty(globals, name, { value: new EmptyStorage(), configurable: true });
}
