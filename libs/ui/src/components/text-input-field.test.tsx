import InputAdornment from '@mui/material/InputAdornment';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TextInputField } from './text-input-field';

function Controlled(props: { error?: string }) {
  const [value, setValue] = useState('');
  return (
    <TextInputField
      label="Email"
      name="email"
      type="email"
      autoComplete="email"
      value={value}
      onChange={(event) => setValue(event.target.value)}
      error={Boolean(props.error)}
      helperText={props.error}
      slotProps={{ htmlInput: { inputMode: 'email', autoCapitalize: 'none', spellCheck: false } }}
    />
  );
}

describe('TextInputField', () => {
  it('names the input by its label and takes what the user types', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAttribute('name', 'email');
    expect(input).toHaveAttribute('autocomplete', 'email');
    expect(input).toHaveAttribute('inputmode', 'email');
    expect(input).toHaveAttribute('autocapitalize', 'none');
    expect(input).toHaveAttribute('spellcheck', 'false');
    // The label floats up (shrinks) once the field is focused, and stays up while it is filled.
    const label = screen.getByText('Email', { selector: 'label' });
    expect(label).toHaveAttribute('data-shrink', 'false');
    await user.type(input, 'ana@example.com');
    expect(input).toHaveValue('ana@example.com');
    expect(label).toHaveAttribute('data-shrink', 'true');
    await user.tab();
    expect(label).toHaveAttribute('data-shrink', 'true');
  });

  it('describes an invalid input by its error text', () => {
    render(<Controlled error="Invalid email address" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Invalid email address');
  });

  it('is valid and undescribed without an error', () => {
    render(<Controlled />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('aria-invalid', 'false');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('gives each field its own ids', () => {
    render(
      <>
        <TextInputField label="First name" helperText="As on your ID" />
        <TextInputField label="Last name" helperText="Family name" />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription(
      'As on your ID',
    );
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveAccessibleDescription(
      'Family name',
    );
  });

  it('marks a required field and disables a disabled one', () => {
    render(
      <>
        <TextInputField label="Company" required />
        <TextInputField label="Code" disabled />
      </>,
    );
    expect(screen.getByRole('textbox', { name: /Company/ })).toBeRequired();
    expect(screen.getByText('*')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Code' })).toBeDisabled();
  });

  it('shows an end adornment inside the field and hands the input to inputRef', () => {
    const ref = createRef<HTMLInputElement>();
    render(
      <TextInputField
        label="Search"
        inputRef={ref}
        endAdornment={
          <InputAdornment position="end">
            <button type="button">Clear</button>
          </InputAdornment>
        }
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Search' });
    expect(ref.current).toBe(input);
    // The adornment sits in the outlined box, beside the input.
    expect(input.parentElement).toContainElement(screen.getByRole('button', { name: 'Clear' }));
  });

  it('is a textarea when multiline', () => {
    render(<TextInputField label="Notes" multiline rows={3} />);
    expect(screen.getByRole('textbox', { name: 'Notes' }).tagName).toBe('TEXTAREA');
  });
});
