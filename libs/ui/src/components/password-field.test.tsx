import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PasswordField } from './password-field';

describe('PasswordField', () => {
  it('hides the password until the toggle is pressed, then hides it again', async () => {
    const user = userEvent.setup();
    render(<PasswordField label="Password" defaultValue="secret123" />);
    const input = screen.getByLabelText('Password', { selector: 'input' });
    expect(input).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');

    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('names its toggle as told and reports its error on the input', async () => {
    const user = userEvent.setup();
    render(
      <PasswordField
        label="New Password"
        name="newPassword"
        autoComplete="new-password"
        error
        helperText="Password must be at least 8 characters"
        showLabel="Show new password"
        hideLabel="Hide new password"
      />,
    );
    const input = screen.getByLabelText('New Password', { selector: 'input' });
    expect(input).toHaveAttribute('name', 'newPassword');
    expect(input).toHaveAttribute('autocomplete', 'new-password');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Password must be at least 8 characters');

    const toggle = screen.getByRole('button', { name: 'Show new password' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide new password' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(input).toHaveAttribute('type', 'text');
  });
});
