import type { ContentBulkAction } from '@fieldcraft/contracts';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { serverErrorDetail } from '../../../../shared/api/api';
import { useAppDispatch } from '../../../../shared/store/hooks';
import { showToast } from '../../../../shared/toasts/toasts.slice';
import { useBulkContentMutation, type ContentUserRow } from '../content-management.api';

const items = (n: number) => (n === 1 ? '1 item' : `${n} items`);

const done: Record<ContentBulkAction, (n: number) => string> = {
  'go-live': (n) => `${items(n)} now live on the dashboard.`,
  'take-offline': (n) => `${items(n)} taken offline: the crew no longer sees them.`,
  delete: (n) => `${items(n)} deleted.`,
  grant: (n) => `Access granted to ${items(n)}.`,
  revoke: (n) => `Access revoked from ${items(n)}.`,
};

function userName(u: ContentUserRow): string {
  return [u.firstName, u.lastName].filter(Boolean).join(' ').trim() || u.username || u.email;
}

export interface BulkActionsBarProps {
  selected: readonly number[];
  users: readonly ContentUserRow[];
  onClear: () => void;
}

/** What the owner can do to every selected item at once; one request per action. */
export function BulkActionsBar({ selected, users, onClear }: BulkActionsBarProps) {
  const dispatch = useAppDispatch();
  const [bulk, { isLoading }] = useBulkContentMutation();
  const [userId, setUserId] = useState<number | ''>('');
  const count = selected.length;

  async function run(action: ContentBulkAction) {
    if (action === 'delete' && !window.confirm(`Delete ${items(count)}? This cannot be undone.`)) {
      return;
    }
    try {
      const forUser = action === 'grant' || action === 'revoke';
      const result = await bulk({
        action,
        ids: [...selected],
        ...(forUser && userId !== '' ? { userId } : {}),
      }).unwrap();
      const already = count - result.changed - result.missing.length;
      dispatch(
        showToast({
          title: 'Done',
          description:
            done[action](result.changed) + (already > 0 ? ` ${items(already)} already were.` : ''),
        }),
      );
      if (action === 'delete') onClear();
    } catch (error) {
      dispatch(
        showToast({
          variant: 'destructive',
          title: 'Error',
          description: serverErrorDetail(error) ?? 'Failed to update the selected items.',
        }),
      );
    }
  }

  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label="Bulk actions"
      sx={{
        position: 'sticky',
        top: 72,
        zIndex: 2,
        p: 1.5,
        mb: 2,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
      }}
    >
      <Typography sx={{ fontWeight: 700, mr: 1 }} aria-live="polite">
        {items(count)} selected
      </Typography>
      <Button variant="contained" disabled={isLoading} onClick={() => void run('go-live')}>
        Go live
      </Button>
      <Button
        variant="outlined"
        color="secondary"
        disabled={isLoading}
        onClick={() => void run('take-offline')}
      >
        Take offline
      </Button>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="User"
          value={userId}
          onChange={(event) => setUserId(Number(event.target.value))}
          sx={{ minWidth: 180 }}
        >
          {users.map((u) => (
            <MenuItem key={u.id} value={u.id}>
              {userName(u)}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          color="secondary"
          disabled={isLoading || userId === ''}
          onClick={() => void run('grant')}
        >
          Grant access
        </Button>
        <Button
          variant="outlined"
          color="secondary"
          disabled={isLoading || userId === ''}
          onClick={() => void run('revoke')}
        >
          Revoke access
        </Button>
      </Box>
      <Button
        variant="outlined"
        color="error"
        disabled={isLoading}
        onClick={() => void run('delete')}
      >
        Delete
      </Button>
      <Button color="secondary" startIcon={<CloseIcon />} onClick={onClear} sx={{ ml: 'auto' }}>
        Clear selection
      </Button>
    </Paper>
  );
}
