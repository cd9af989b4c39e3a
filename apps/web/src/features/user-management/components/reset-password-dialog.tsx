import type { ManagedUser, ResetPasswordResponse } from '@fieldcraft/contracts';
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
import { serverErrorDetail } from '../../../app/api';
import { useResetPasswordMutation } from '../user-management.api';
import { displayName } from '../people-names';

export interface ResetPasswordDialogProps {
  user: ManagedUser | null;
  onClose: () => void;
}

/**
 * Reset Password: the owner sets a temporary password or lets the server generate one, which
 * is shown once. The user must change it at next sign-in; their sessions end.
 */
export function ResetPasswordDialog({ user, onClose }: ResetPasswordDialogProps) {
  const [reset, { isLoading }] = useResetPasswordMutation();
  const [mode, setMode] = useState<'generate' | 'set'>('generate');
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<ResetPasswordResponse | null>(null);
  const [copied, setCopied] = useState(false);
  const [seen, setSeen] = useState<number | null>(null);
  const current = user?.id ?? null;
  if (current !== seen) {
    setSeen(current);
    setMode('generate');
    setPassword('');
    setFieldError(undefined);
    setFailure(null);
    setResult(null);
    setCopied(false);
  }
  if (!user) return null;
  const name = displayName(user);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!user || result) return;
    if (mode === 'set' && password.length < 8) {
      setFieldError('Temporary password must be at least 8 characters');
      return;
    }
    try {
      setResult(await reset({ id: user.id, ...(mode === 'set' && { password }) }).unwrap());
      setFailure(null);
    } catch (error) {
      setFailure(serverErrorDetail(error) ?? 'Failed to reset password');
    }
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
            value={mode}
            onChange={(e) => setMode(e.target.value === 'set' ? 'set' : 'generate')}
          >
            <FormControlLabel value="generate" control={<Radio />} label="Generate one for me" />
            <FormControlLabel value="set" control={<Radio />} label="Let me type one" />
          </RadioGroup>
          {mode === 'set' ? (
            <PasswordField
              label="Temporary Password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                setFieldError(undefined);
              }}
              error={Boolean(fieldError)}
              helperText={fieldError}
              fullWidth
              autoFocus
            />
          ) : null}
        </Stack>
      )}
    </ResponsiveDialog>
  );
}
