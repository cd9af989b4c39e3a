import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RoleBadge, roleBadgeTone } from './role-badge';

describe('RoleBadge', () => {
  it('colours OWNER red, ADMIN blue and every other role grey', () => {
    expect(roleBadgeTone('OWNER')).toBe('red');
    expect(roleBadgeTone('ADMIN')).toBe('blue');
    expect(roleBadgeTone('USER')).toBe('grey');
    expect(roleBadgeTone('AUDITOR')).toBe('grey');
  });

  it('shows the role name with its tone', () => {
    render(<RoleBadge role="OWNER" />);
    const badge = screen.getByText('OWNER').closest('[data-tone]');
    expect(badge).toHaveAttribute('data-tone', 'red');
    expect(badge).toHaveClass('MuiChip-colorError');
  });

  it('uses the info colour for ADMIN', () => {
    render(<RoleBadge role="ADMIN" />);
    expect(screen.getByText('ADMIN').closest('[data-tone]')).toHaveClass('MuiChip-colorInfo');
  });
});
