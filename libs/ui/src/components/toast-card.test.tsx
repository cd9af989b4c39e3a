import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ToastCard } from './toast-card';

function swipe(element: HTMLElement, distance: number) {
  fireEvent.pointerDown(element, { clientX: 100, pointerId: 1 });
  fireEvent.pointerMove(element, { clientX: 100 + distance, pointerId: 1 });
  fireEvent.pointerUp(element, { clientX: 100 + distance, pointerId: 1 });
}

describe('ToastCard', () => {
  it('announces a destructive toast as an alert with its title and description', () => {
    render(
      <ToastCard
        title="Login failed"
        description="Nope"
        variant="destructive"
        onDismiss={() => {}}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Login failed');
    expect(alert).toHaveTextContent('Nope');
  });

  it('is dismissed by a swipe to the right beyond 50 px, not by a shorter one', () => {
    const onDismiss = vi.fn();
    render(<ToastCard title="Saved" onDismiss={onDismiss} />);
    const toast = screen.getByRole('status');

    swipe(toast, 40);
    expect(onDismiss).not.toHaveBeenCalled();

    swipe(toast, 80);
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('is dismissed by its close button', () => {
    const onDismiss = vi.fn();
    render(<ToastCard title="Saved" onDismiss={onDismiss} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});
