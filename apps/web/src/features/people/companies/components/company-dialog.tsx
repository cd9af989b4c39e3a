import type { CompanyDetail } from '@fieldcraft/contracts';
import { MemberAddRow, MemberList, ResponsiveDialog, RoleBadge } from '@fieldcraft/ui';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { serverErrorDetail } from '../../../../shared/api/api';
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
        <MemberList
          title={`Users (${detail.users.length})`}
          listLabel="Company users"
          emptyText="No users yet."
          items={detail.users.map((u) => ({
            id: u.id,
            primary: nameOf(u),
            secondary: u.email,
            badge: <RoleBadge role={u.role} />,
            removeLabel: canEdit ? `Remove ${nameOf(u)} from the company` : undefined,
          }))}
          removeIcon={<RemoveCircleOutlineIcon />}
          removeDisabled={saving}
          onRemove={(id) => {
            const u = detail.users.find((x) => x.id === id);
            void change('users', id, false, u ? nameOf(u) : 'User');
          }}
        >
          {canEdit ? (
            <MemberAddRow
              label="Add user"
              value={userId}
              onChange={setUserId}
              options={userChoices.map((u) => ({
                value: String(u.id),
                label: `${nameOf(u)} (${u.companyName ?? 'no company'})`,
              }))}
              buttonLabel="Add User"
              disabled={saving}
              onAdd={() => {
                const u = users.find((x) => x.id === Number(userId));
                void change('users', Number(userId), true, u ? nameOf(u) : 'User');
              }}
            />
          ) : null}
        </MemberList>
        <MemberList
          title={`Rooms (${detail.rooms.length})`}
          listLabel="Company rooms"
          emptyText="No rooms yet."
          items={detail.rooms.map((r) => ({
            id: r.id,
            primary: r.name,
            secondary: `${r.category} · ${r.status}`,
            removeLabel: canEdit ? `Remove ${r.name} from the company` : undefined,
          }))}
          removeIcon={<RemoveCircleOutlineIcon />}
          removeDisabled={saving}
          onRemove={(id) => {
            const r = detail.rooms.find((x) => x.id === id);
            void change('rooms', id, false, r?.name ?? 'Room');
          }}
        >
          {canEdit ? (
            <MemberAddRow
              label="Add room"
              value={roomId}
              onChange={setRoomId}
              options={roomChoices.map((r) => ({ value: String(r.id), label: r.name }))}
              buttonLabel="Add Room"
              disabled={saving}
              onAdd={() => {
                const r = rooms.find((x) => x.id === Number(roomId));
                void change('rooms', Number(roomId), true, r?.name ?? 'Room');
              }}
            />
          ) : null}
        </MemberList>
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
