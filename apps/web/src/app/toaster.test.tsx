import { AppThemeProvider } from '@fieldcraft/ui';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from './store';
import { Toaster } from './toaster';
import { showToast } from '../shared/toasts/toasts.slice';

function renderToaster() {
  const store = makeStore();
  render(
    <Provider store={store}>
      <AppThemeProvider>
        <Toaster />
      </AppThemeProvider>
    </Provider>,
  );
  return store;
}

describe('Toaster', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows one toast at a time: a new one replaces the old', () => {
    const store = renderToaster();
    act(() => {
      store.dispatch(showToast({ title: 'First', description: 'one' }));
    });
    expect(screen.getByRole('status')).toHaveTextContent('First');

    act(() => {
      store.dispatch(showToast({ title: 'Second', description: 'two', variant: 'destructive' }));
    });
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Second');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(store.getState().toasts.toasts).toHaveLength(1);
  });

  it('hides a toast after 5000 ms and drops it from the store much later', () => {
    const store = renderToaster();
    act(() => {
      store.dispatch(showToast({ title: 'Saved' }));
    });
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    expect(store.getState().toasts.toasts[0]?.open).toBe(false);
    act(() => vi.advanceTimersByTime(1_000_000));
    expect(store.getState().toasts.toasts).toHaveLength(0);
  });

  it('is dismissed by a swipe right of more than 50 px', () => {
    const store = renderToaster();
    act(() => {
      store.dispatch(showToast({ title: 'Swipe me' }));
    });
    const toast = screen.getByRole('status');
    fireEvent.pointerDown(toast, { clientX: 10 });
    fireEvent.pointerMove(toast, { clientX: 90 });
    fireEvent.pointerUp(toast, { clientX: 90 });
    expect(screen.queryByText('Swipe me')).not.toBeInTheDocument();
  });

  it('lives in a region F8 focuses', () => {
    renderToaster();
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    fireEvent.keyDown(document, { key: 'F8' });
    expect(region).toHaveFocus();
  });
});
