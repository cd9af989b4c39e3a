import type { PasswordResetRequest } from '@fieldcraft/contracts';
import LockResetIcon from '@mui/icons-material/LockReset';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatTimeAgo } from '../../../../shared/format/dates';
import { displayName } from '../people-names';
import { useGetPasswordResetRequestsQuery } from '../user-management.api';

/**
 * People who asked for a password reset from the sign-in screen ("Forgot password?"), for the
 * owner (everyone) or their company admin (the company's USERs). Setting a temporary password
 * answers a request and takes it off this list.
 */
export function ResetRequestsPanel({
  onReset,
}: {
  onReset: (user: PasswordResetRequest['user']) => void;
}) {
  const { data: requests = [] } = useGetPasswordResetRequestsQuery();
  if (requests.length === 0) return null;
  return (
    <Alert
      severity="warning"
      icon={<LockResetIcon />}
      role="region"
      aria-label="Password reset requests"
      sx={{ mb: 3, '& .MuiAlert-message': { width: '100%' } }}
    >
      <AlertTitle>
        {requests.length === 1
          ? '1 person cannot sign in'
          : `${requests.length} people cannot sign in`}
      </AlertTitle>
      <Typography variant="body2" sx={{ mb: 1 }}>
        They asked for a password reset. Give each a temporary password and tell them in person or
        by phone; they choose their own at the next sign-in.
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {requests.map((request) => (
          <Box
            component="li"
            key={request.id}
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
          >
            <Typography sx={{ fontWeight: 600, flex: '1 1 200px', overflowWrap: 'anywhere' }}>
              {displayName(request.user)}{' '}
              <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                {request.user.email} · asked {formatTimeAgo(request.requestedAt)}
              </Typography>
            </Typography>
            <Button
              variant="contained"
              size="small"
              onClick={() => onReset(request.user)}
              sx={{ minHeight: 44 }}
            >
              Set temporary password
            </Button>
          </Box>
        ))}
      </Box>
    </Alert>
  );
}
