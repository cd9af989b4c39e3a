import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ToastViewport } from './toast-viewport';

describe('ToastViewport', () => {
  it('is a labelled region that F8 focuses', () => {
    render(
      <ToastViewport label="Notifications (F8)">
        <p>hello</p>
      </ToastViewport>,
    );
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(region).not.toHaveFocus();
    fireEvent.keyDown(document, { key: 'F8' });
    expect(region).toHaveFocus();
    expect(screen.getByRole('listitem')).toHaveTextContent('hello');
  });
});
