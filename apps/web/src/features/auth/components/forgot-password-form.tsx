import { TextInputField } from '@fieldcraft/ui';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { sendRequest, serverErrorDetail } from '../../../shared/api/request';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * "Forgot password?" (docs/account.md): the person asks for a reset; their company admin or the
 * owner sees it and gives them a temporary password. Loaded only when asked for, so the sign-in
 * screen stays light. The answer is the same whether or not the email has an account.
 */
export default function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!emailPattern.test(email.trim())) {
      setError('Please enter a valid email address');
      return;
    }
    setError(null);
    setBusy(true);
    const result = await sendRequest({
      url: '/api/auth/forgot-password',
      method: 'POST',
      body: { email: email.trim() },
    });
    setBusy(false);
    if (result.error) {
      setError(serverErrorDetail(result.error) ?? 'Something went wrong. Please try again.');
      return;
    }
    setAnswer((result.data as { message: string }).message);
  }

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="forgot-heading">
      <Typography id="forgot-heading" component="h2" variant="h3" sx={{ mb: 1 }}>
        Forgot your password?
      </Typography>
      {answer ? (
        <Box sx={{ display: 'grid', gap: 2.5 }}>
          <Alert severity="success">{answer}</Alert>
          <Button variant="contained" size="large" fullWidth onClick={onBack}>
            Back to Login
          </Button>
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gap: 2.5 }}>
          <Typography sx={{ color: 'text.secondary' }}>
            Enter the email you sign in with. Your company admin or the owner will see your request
            and give you a temporary password.
          </Typography>
          <TextInputField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={Boolean(error)}
            helperText={error ?? undefined}
            slotProps={{
              htmlInput: { inputMode: 'email', autoCapitalize: 'none', spellCheck: false },
            }}
          />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
            {busy ? 'Sending...' : 'Ask for a reset'}
          </Button>
          <Button type="button" variant="text" fullWidth onClick={onBack}>
            Back to Login
          </Button>
        </Box>
      )}
    </Box>
  );
}
