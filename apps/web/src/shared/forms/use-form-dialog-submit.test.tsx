import TextField from '@mui/material/TextField';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { makeStore } from '../../app/store';
import { useFormDialogSubmit } from './use-form-dialog-submit';

const Schema = z.object({
  name: z
    .string()
    .min(1, { error: 'Name is required' })
    .regex(/^[A-Z]/, { error: 'Name starts with a capital' }),
  email: z.email({ error: 'Please enter a valid email address' }),
});

interface ProbeProps {
  send: (data: z.infer<typeof Schema>) => Promise<unknown>;
  onClose?: () => void;
  session?: string | null;
  toastFailure?: boolean;
}

function Probe({ send, onClose = () => undefined, session = 'new', toastFailure }: ProbeProps) {
  const { values, field, failure, submit } = useFormDialogSubmit(
    { name: '', email: '' },
    { session, onClose },
  );
  return (
    <form
      noValidate
      onSubmit={(event) =>
        void submit(event, {
          parse: () => Schema.safeParse(values),
          send,
          fallback: 'Failed to save',
          success: 'Saved',
          toastFailure,
        })
      }
    >
      {failure ? <div role="alert">{failure}</div> : null}
      <TextField label="Name" {...field('name')} />
      <TextField label="Email" {...field('email')} />
      <button type="submit">Save</button>
    </form>
  );
}

function renderProbe(props: ProbeProps) {
  const store = makeStore();
  const view = render(
    <Provider store={store}>
      <Probe {...props} />
    </Provider>,
  );
  const toasts = () =>
    store.getState().toasts.toasts.map((t) => ({
      title: t.title,
      description: t.description,
      variant: t.variant,
    }));
  const rerender = (next: ProbeProps) =>
    view.rerender(
      <Provider store={store}>
        <Probe {...next} />
      </Provider>,
    );
  return { user: userEvent.setup(), toasts, rerender };
}

const name = () => screen.getByRole('textbox', { name: 'Name' });
const email = () => screen.getByRole('textbox', { name: 'Email' });

describe('useFormDialogSubmit', () => {
  it('shows the first error per field, focuses the first invalid field and sends nothing', async () => {
    const send = vi.fn(() => Promise.resolve());
    const { user } = renderProbe({ send });
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(name()).toHaveAttribute('aria-invalid', 'true');
    expect(name()).toHaveAccessibleDescription('Name is required');
    expect(screen.queryByText('Name starts with a capital')).not.toBeInTheDocument();
    expect(email()).toHaveAccessibleDescription('Please enter a valid email address');
    await waitFor(() => expect(name()).toHaveFocus());
    expect(send).not.toHaveBeenCalled();

    // Typing into a field clears its message only.
    await user.type(name(), 'Ada');
    expect(name()).toHaveAttribute('aria-invalid', 'false');
    expect(email()).toHaveAttribute('aria-invalid', 'true');

    // The first invalid field is now the second one.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(email()).toHaveFocus());
  });

  it('sends the parsed values, toasts success and closes', async () => {
    const send = vi.fn(() => Promise.resolve({ id: 1 }));
    const onClose = vi.fn();
    const { user, toasts } = renderProbe({ send, onClose });
    await user.type(name(), 'Ada');
    await user.type(email(), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(send).toHaveBeenCalledWith({ name: 'Ada', email: 'ada@example.com' });
    expect(toasts()).toEqual([{ title: 'Success', description: 'Saved', variant: 'default' }]);
  });

  it("maps the server's field issues back onto the fields and shows its detail", async () => {
    const send = vi.fn(() =>
      Promise.reject({
        status: 400,
        message: 'Invalid body',
        data: {
          error: 'Invalid body',
          issues: {
            formErrors: [],
            fieldErrors: { email: ['Email is already in use'], other: ['x'] },
          },
        },
      }),
    );
    const onClose = vi.fn();
    const { user, toasts } = renderProbe({ send, onClose });
    await user.type(name(), 'Ada');
    await user.type(email(), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Email is already in use');
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(email()).toHaveAccessibleDescription('Email is already in use');
    expect(name()).toHaveAttribute('aria-invalid', 'false');
    await waitFor(() => expect(email()).toHaveFocus());
    expect(onClose).not.toHaveBeenCalled();
    expect(toasts()).toEqual([]);
  });

  it('falls back to its own words, and toasts the failure when asked to', async () => {
    const send = vi.fn(() => Promise.reject({ status: 'FETCH_ERROR', message: 'offline' }));
    const { user, toasts } = renderProbe({ send, toastFailure: true });
    await user.type(name(), 'Ada');
    await user.type(email(), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save');
    expect(toasts()).toEqual([
      { title: 'Error', description: 'Failed to save', variant: 'destructive' },
    ]);
    expect(name()).toHaveAttribute('aria-invalid', 'false');
  });

  it('ignores a second submit while the first is sending', async () => {
    let finish: (value: unknown) => void = () => undefined;
    const send = vi.fn(() => new Promise((resolve) => (finish = resolve)));
    const onClose = vi.fn();
    const { user, toasts } = renderProbe({ send, onClose });
    await user.type(name(), 'Ada');
    await user.type(email(), 'ada@example.com');
    const form = screen.getByRole('button', { name: 'Save' }).closest('form') as HTMLFormElement;
    fireEvent.submit(form);
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(send).toHaveBeenCalledTimes(1);

    await act(async () => finish({ ok: true }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(toasts()).toHaveLength(1);

    // Once it has settled, the form can be sent again.
    fireEvent.submit(form);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('starts afresh when another session opens, not while closing', async () => {
    const send = vi.fn(() => Promise.resolve());
    const { user, rerender } = renderProbe({ send, session: '1' });
    await user.type(email(), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(email()).toHaveAttribute('aria-invalid', 'true');

    rerender({ send, session: null });
    expect(email()).toHaveValue('not-an-email');

    rerender({ send, session: '2' });
    expect(email()).toHaveValue('');
    expect(email()).toHaveAttribute('aria-invalid', 'false');
  });
});
