import {
  ResetPasswordBodySchema,
  type ManagedUser,
  type ResetPasswordResponse,
} from '@fieldcraft/contracts';
import { FormDialogActions, PasswordField, ResponsiveDialog } from '@fieldcraft/ui';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useFormDialogSubmit } from '../../../../shared/forms/use-form-dialog-submit';
import { useResetPasswordMutation } from '../user-management.api';
import { displayName } from '../people-names';

type ResetTarget = Pick<ManagedUser, 'id' | 'firstName' | 'lastName' | 'email'>;

export interface ResetPasswordDialogProps {
  /** Who gets the temporary password (a listed user, or a "forgot password" request's). */
  user: ResetTarget | null;
  onClose: () => void;
}

/**
 * Reset Password: the owner sets a temporary password or lets the server generate one, which
 * is shown once. The user must change it at next sign-in; their sessions end.
 */
export function ResetPasswordDialog({ user, onClose }: ResetPasswordDialogProps) {
  // Keyed by the user: each one starts afresh, and the password shown once goes with them.
  return user ? <ResetPasswordForm key={user.id} user={user} onClose={onClose} /> : null;
}

function ResetPasswordForm({ user, onClose }: { user: ResetTarget; onClose: () => void }) {
  const [reset, { isLoading }] = useResetPasswordMutation();
  const { values, setValue, field, failure, submit } = useFormDialogSubmit(
    { mode: 'generate' as 'generate' | 'set', password: '' },
    { session: String(user.id), onClose },
  );
  const [result, setResult] = useState<ResetPasswordResponse | null>(null);
  const [copied, setCopied] = useState(false);
  const name = displayName(user);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (result) {
      event.preventDefault();
      return;
    }
    void submit(event, {
      parse: () =>
        ResetPasswordBodySchema.safeParse(
          values.mode === 'set' ? { password: values.password } : {},
        ),
      send: (body) => reset({ id: user.id, ...body }).unwrap(),
      fallback: 'Failed to reset password',
      onSuccess: setResult,
    });
  }

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <ResponsiveDialog
      open
      title="Reset Password"
      onClose={onClose}
      onSubmit={onSubmit}
      actions={
        result ? (
          <Button onClick={onClose} variant="contained">
            Done
          </Button>
        ) : (
          <FormDialogActions
            onCancel={onClose}
            busy={isLoading}
            submitLabel="Reset Password"
            busyLabel="Resetting..."
          />
        )
      }
    >
      {result ? (
        <Stack spacing={2}>
          <Alert severity="success">
            {name} must change this password at their next sign-in. Every session they had has
            ended.
          </Alert>
          <Typography>Temporary password (shown only once):</Typography>
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              flexWrap: 'wrap',
              p: 2,
              borderRadius: 2,
              bgcolor: 'grey.100',
            }}
          >
            <Typography
              component="code"
              data-testid="temporary-password"
              sx={{ fontFamily: 'monospace', fontSize: '1.25rem', flex: 1, wordBreak: 'break-all' }}
            >
              {result.temporaryPassword}
            </Typography>
            <Button variant="outlined" onClick={() => void copy(result.temporaryPassword)}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </Box>
        </Stack>
      ) : (
        <Stack spacing={2}>
          {failure ? <Alert severity="error">{failure}</Alert> : null}
          <Typography>
            Give {name} a temporary password. They must choose a new one at their next sign-in, and
            they are signed out everywhere now.
          </Typography>
          <RadioGroup
            aria-label="Temporary password"
            value={values.mode}
            onChange={(e) => setValue('mode', e.target.value === 'set' ? 'set' : 'generate')}
          >
            <FormControlLabel value="generate" control={<Radio />} label="Generate one for me" />
            <FormControlLabel value="set" control={<Radio />} label="Let me type one" />
          </RadioGroup>
          {values.mode === 'set' ? (
            <PasswordField
              label="Temporary Password"
              autoComplete="new-password"
              {...field('password')}
              autoFocus
            />
          ) : null}
        </Stack>
      )}
    </ResponsiveDialog>
  );
}
