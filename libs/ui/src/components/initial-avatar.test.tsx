import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InitialAvatar, initialOf } from './initial-avatar';

describe('InitialAvatar', () => {
  it('shows the upper-cased first letter', () => {
    render(<InitialAvatar name="olivia" />);
    expect(screen.getByText('O')).toBeInTheDocument();
  });

  it('falls back to ? for an empty name and ignores leading spaces', () => {
    expect(initialOf('')).toBe('?');
    expect(initialOf('  sam')).toBe('S');
  });
});
