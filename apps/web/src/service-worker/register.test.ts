import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './register';

function fakes(readyState: DocumentReadyState) {
  const register = vi.fn().mockResolvedValue({});
  const listeners: Record<string, () => void> = {};
  const nav = { serviceWorker: { register } } as unknown as Navigator;
  const win = {
    document: { readyState },
    addEventListener: (type: string, fn: () => void) => (listeners[type] = fn),
  } as unknown as Window;
  return { register, listeners, nav, win };
}

describe('registerServiceWorker', () => {
  it('registers /sw.js for the whole site once the page has loaded (production)', () => {
    const { register, listeners, nav, win } = fakes('loading');
    expect(registerServiceWorker(true, nav, win)).toBe(true);
    expect(register).not.toHaveBeenCalled();
    listeners.load?.();
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('registers at once when the page is already loaded', () => {
    const { register, nav, win } = fakes('complete');
    registerServiceWorker(true, nav, win);
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('does nothing in development builds or without service-worker support', () => {
    const { register, nav, win } = fakes('complete');
    expect(registerServiceWorker(false, nav, win)).toBe(false);
    expect(registerServiceWorker(true, {} as Navigator, win)).toBe(false);
    expect(register).not.toHaveBeenCalled();
  });
});
