import type { RoomStatus } from '@fieldcraft/contracts';
import Chip from '@mui/material/Chip';
import { statusLabel } from '../room-filters';

const color = { LIVE: 'success', PAUSED: 'warning', INACTIVE: 'default' } as const;

/** 'Live' (green), 'Paused' (amber) or 'Inactive' (grey). */
export function RoomStatusBadge({ status }: { status: RoomStatus }) {
  return (
    <Chip
      size="small"
      label={statusLabel[status]}
      color={color[status]}
      sx={status === 'INACTIVE' ? { bgcolor: 'grey.700', color: 'common.white' } : undefined}
    />
  );
}
