import type { ImpersonatedUser, ImpersonationStatus } from '@fieldcraft/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { clearImpersonation, storageKeys } from '../../../../shared/session/auth-storage';
import { navigation } from '../../../../shared/navigation';
import { paths } from '../../../../shared/paths';
import {
  useCheckImpersonationMutation,
  useStopImpersonationMutation,
} from '../user-management.api';
import { displayName } from '../people-names';

function storedUser(): Partial<ImpersonatedUser> | null {
  const raw = localStorage.getItem(storageKeys.impersonatedUser);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? (value as Partial<ImpersonatedUser>) : null;
  } catch {
    return null;
  }
}

/**
 * 'Acting as {name} — Stop' on every page while an impersonation token is stored. Stop
 * revokes the token on the server, forgets it here and returns to User Management. A token
 * the server no longer honours (expired, revoked) is forgotten the same way.
 */
export function ImpersonationBanner() {
  const [check] = useCheckImpersonationMutation();
  const [stop, { isLoading }] = useStopImpersonationMutation();
  const [stored] = useState(storedUser);
  const [status, setStatus] = useState<ImpersonationStatus | null>(null);

  useEffect(() => {
    let live = true;
    check()
      .unwrap()
      .then((answer) => {
        if (!live) return;
        setStatus(answer);
        if (!answer.active) {
          clearImpersonation();
          navigation.assign(paths.userManagement.getHref());
        }
      })
      // Unreachable server: keep the banner (and Stop) as they are.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [check]);

  const user = status?.user ?? stored;
  const name = user?.email
    ? displayName({
        firstName: user.firstName ?? null,
        lastName: user.lastName ?? null,
        email: user.email,
      })
    : 'another user';

  async function onStop() {
    try {
      await stop().unwrap();
    } finally {
      // Forget it whatever the server said: the banner must never trap anyone.
      clearImpersonation();
      navigation.assign(paths.userManagement.getHref());
    }
  }

  return (
    <Box
      role="region"
      aria-label="Impersonation"
      sx={{
        bgcolor: 'warning.light',
        color: 'common.black',
        borderBottom: 1,
        borderColor: 'warning.main',
        px: 2,
        py: 1,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        flexWrap: 'wrap',
      }}
    >
      <Typography sx={{ fontWeight: 700 }}>
        Acting as {name}
        {status?.actor ? (
          <Typography component="span" sx={{ fontWeight: 400 }}>
            {' '}
            (signed in as {displayName(status.actor)})
          </Typography>
        ) : null}
      </Typography>
      <Button
        variant="contained"
        color="secondary"
        size="small"
        onClick={() => void onStop()}
        disabled={isLoading}
        sx={{ minHeight: 36 }}
      >
        Stop
      </Button>
    </Box>
  );
}
