import type { CompanyDetail } from '@fieldcraft/contracts';
import { ResponsiveDialog, RoleBadge } from '@fieldcraft/ui';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { serverErrorDetail } from '../../../app/api';
import {
  useGetCompanyQuery,
  useGetCompanyRoomChoicesQuery,
  useGetCompanyUserChoicesQuery,
  useSetCompanyMemberMutation,
} from '../companies.api';

const nameOf = (u: { firstName: string | null; lastName: string | null; email: string }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ').trim() || u.email;

export interface CompanyDialogProps {
  companyId: number | null;
  /** OWNER: assign and remove users and rooms. ADMIN: read only. */
  canEdit: boolean;
  onClose: () => void;
}

/** A company's people and rooms; the owner moves users and rooms in and out. */
export function CompanyDialog({ companyId, canEdit, onClose }: CompanyDialogProps) {
  const { data: company } = useGetCompanyQuery(companyId ?? 0, { skip: companyId === null });
  const { data: users = [] } = useGetCompanyUserChoicesQuery(undefined, {
    skip: companyId === null || !canEdit,
  });
  const { data: rooms = [] } = useGetCompanyRoomChoicesQuery(undefined, {
    skip: companyId === null || !canEdit,
  });
  const [setMember, { isLoading: saving }] = useSetCompanyMemberMutation();
  const [userId, setUserId] = useState('');
  const [roomId, setRoomId] = useState('');
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  if (companyId === null) return null;

  const close = () => {
    setUserId('');
    setRoomId('');
    setOutcome(null);
    onClose();
  };

  async function change(kind: 'users' | 'rooms', memberId: number, member: boolean, label: string) {
    if (companyId === null) return;
    try {
      await setMember({ id: companyId, kind, memberId, member }).unwrap();
      setOutcome({ ok: true, message: member ? `${label} added` : `${label} removed` });
      if (kind === 'users') setUserId('');
      else setRoomId('');
    } catch (error) {
      setOutcome({
        ok: false,
        message: serverErrorDetail(error) ?? 'Failed to update the company',
      });
    }
  }

  const section = (detail: CompanyDetail) => {
    const inUsers = new Set(detail.users.map((u) => u.id));
    const inRooms = new Set(detail.rooms.map((r) => r.id));
    const userChoices = users.filter((u) => !inUsers.has(u.id));
    const roomChoices = rooms.filter((r) => !inRooms.has(r.id));
    return (
      <Stack spacing={3}>
        {outcome ? (
          <Alert severity={outcome.ok ? 'success' : 'error'}>{outcome.message}</Alert>
        ) : null}
        <Box component="section" aria-labelledby="company-users">
          <Typography id="company-users" component="h3" variant="h6">
            Users ({detail.users.length})
          </Typography>
          {detail.users.length === 0 ? (
            <Typography sx={{ color: 'text.secondary' }}>No users yet.</Typography>
          ) : (
            <List dense aria-label="Company users">
              {detail.users.map((u) => (
                <ListItem
                  key={u.id}
                  disableGutters
                  secondaryAction={
                    canEdit ? (
                      <IconButton
                        edge="end"
                        aria-label={`Remove ${nameOf(u)} from the company`}
                        disabled={saving}
                        onClick={() => void change('users', u.id, false, nameOf(u))}
                        sx={{ width: 44, height: 44 }}
                      >
                        <RemoveCircleOutlineIcon />
                      </IconButton>
                    ) : undefined
                  }
                >
                  <ListItemText primary={nameOf(u)} secondary={u.email} />
                  <Box sx={{ mr: canEdit ? 5 : 0 }}>
                    <RoleBadge role={u.role} />
                  </Box>
                </ListItem>
              ))}
            </List>
          )}
          {canEdit ? (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
              <TextField
                select
                size="small"
                label="Add user"
                value={userId}
                onChange={(e) => setUserId(e.target.value)}
                sx={{ flex: 1 }}
              >
                {userChoices.map((u) => (
                  <MenuItem key={u.id} value={String(u.id)}>
                    {nameOf(u)} ({u.companyName ?? 'no company'})
                  </MenuItem>
                ))}
              </TextField>
              <Button
                variant="outlined"
                disabled={!userId || saving}
                onClick={() => {
                  const u = users.find((x) => x.id === Number(userId));
                  void change('users', Number(userId), true, u ? nameOf(u) : 'User');
                }}
              >
                Add User
              </Button>
            </Stack>
          ) : null}
        </Box>
        <Box component="section" aria-labelledby="company-rooms">
          <Typography id="company-rooms" component="h3" variant="h6">
            Rooms ({detail.rooms.length})
          </Typography>
          {detail.rooms.length === 0 ? (
            <Typography sx={{ color: 'text.secondary' }}>No rooms yet.</Typography>
          ) : (
            <List dense aria-label="Company rooms">
              {detail.rooms.map((r) => (
                <ListItem
                  key={r.id}
                  disableGutters
                  secondaryAction={
                    canEdit ? (
                      <IconButton
                        edge="end"
                        aria-label={`Remove ${r.name} from the company`}
                        disabled={saving}
                        onClick={() => void change('rooms', r.id, false, r.name)}
                        sx={{ width: 44, height: 44 }}
                      >
                        <RemoveCircleOutlineIcon />
                      </IconButton>
                    ) : undefined
                  }
                >
                  <ListItemText primary={r.name} secondary={`${r.category} · ${r.status}`} />
                </ListItem>
              ))}
            </List>
          )}
          {canEdit ? (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
              <TextField
                select
                size="small"
                label="Add room"
                value={roomId}
                onChange={(e) => setRoomId(e.target.value)}
                sx={{ flex: 1 }}
              >
                {roomChoices.map((r) => (
                  <MenuItem key={r.id} value={String(r.id)}>
                    {r.name}
                  </MenuItem>
                ))}
              </TextField>
              <Button
                variant="outlined"
                disabled={!roomId || saving}
                onClick={() => {
                  const r = rooms.find((x) => x.id === Number(roomId));
                  void change('rooms', Number(roomId), true, r?.name ?? 'Room');
                }}
              >
                Add Room
              </Button>
            </Stack>
          ) : null}
        </Box>
      </Stack>
    );
  };

  return (
    <ResponsiveDialog
      open
      title={company ? company.name : 'Company'}
      onClose={close}
      actions={
        <Button onClick={close} variant="contained">
          Done
        </Button>
      }
    >
      {company ? section(company) : <Typography>Loading...</Typography>}
    </ResponsiveDialog>
  );
}
