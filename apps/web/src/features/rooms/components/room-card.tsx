import type { Room } from '@fieldcraft/contracts';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import GroupIcon from '@mui/icons-material/Group';
import LoginIcon from '@mui/icons-material/Login';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { MouseEvent, ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { paths } from '../../../shared/paths';
import { formatCreated, statusHint } from '../room-filters';
import { RoomStatusBadge } from './room-status-badge';

export interface RoomCardOwnerActions {
  onEdit: (room: Room) => void;
  onManageAccess: (room: Room) => void;
  onToggleStatus: (room: Room) => void;
  onDelete: (room: Room) => void;
}

export interface RoomCardProps {
  room: Room;
  /** The owner's per-card buttons; absent for everyone else. */
  ownerActions?: RoomCardOwnerActions;
}

const hintColor = {
  LIVE: 'success.dark',
  PAUSED: 'text.secondary',
  INACTIVE: 'text.secondary',
} as const;

function OwnerButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={label}>
      <IconButton
        aria-label={label}
        onClick={(event: MouseEvent) => {
          // The card itself opens the room; its tools must not.
          event.stopPropagation();
          onClick();
        }}
        sx={{ width: 44, height: 44 }}
      >
        {children}
      </IconButton>
    </Tooltip>
  );
}

/**
 * One room: name, category and status badges, its Field Advisor, created date, a status hint and
 * 'Enter Room' (only for LIVE rooms; 'Unavailable' otherwise). Clicking a LIVE card opens it.
 */
export function RoomCard({ room, ownerActions }: RoomCardProps) {
  const navigate = useNavigate();
  const live = room.status === 'LIVE';
  const href = paths.roomChat.getHref(room.id);

  return (
    <Card
      component="article"
      aria-labelledby={`room-${room.id}-name`}
      onClick={live ? () => navigate(href) : undefined}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        cursor: live ? 'pointer' : 'default',
        transition: 'box-shadow 120ms',
        '&:hover': live ? { boxShadow: 4 } : undefined,
      }}
    >
      <CardContent sx={{ flex: 1, display: 'grid', gap: 1.25, alignContent: 'start' }}>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}
        >
          <Typography
            id={`room-${room.id}-name`}
            component="h2"
            variant="h6"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {room.name}
          </Typography>
          <RoomStatusBadge status={room.status} />
        </Stack>
        <Box>
          <Chip size="small" variant="outlined" label={room.category} />
        </Box>
        {room.description ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {room.description}
          </Typography>
        ) : null}
        <Typography variant="body2">
          <Box component="span" sx={{ color: 'text.secondary' }}>
            Field Advisor:
          </Box>{' '}
          <Box component="span" sx={{ fontWeight: 600 }}>
            {room.agent.name}
          </Box>
        </Typography>
        <Typography variant="body2">
          <Box component="span" sx={{ color: 'text.secondary' }}>
            Created:
          </Box>{' '}
          {formatCreated(room.createdAt)}
        </Typography>
        <Typography variant="body2" sx={{ color: hintColor[room.status], fontWeight: 600 }}>
          {statusHint[room.status]}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0, flexWrap: 'wrap', gap: 1 }}>
        {live ? (
          <Button
            component={RouterLink}
            to={href}
            variant="contained"
            startIcon={<LoginIcon />}
            onClick={(event: MouseEvent) => event.stopPropagation()}
            fullWidth
          >
            Enter Room
          </Button>
        ) : (
          <Button variant="contained" disabled fullWidth>
            Unavailable
          </Button>
        )}
        {ownerActions ? (
          <Stack
            direction="row"
            role="group"
            aria-label={`Owner tools for ${room.name}`}
            sx={{ width: '100%', justifyContent: 'space-between', ml: '0 !important' }}
          >
            <OwnerButton label="Edit Room" onClick={() => ownerActions.onEdit(room)}>
              <EditIcon />
            </OwnerButton>
            <OwnerButton
              label="Manage User Access"
              onClick={() => ownerActions.onManageAccess(room)}
            >
              <GroupIcon />
            </OwnerButton>
            <OwnerButton
              label={live ? 'Pause Room' : 'Resume Room'}
              onClick={() => ownerActions.onToggleStatus(room)}
            >
              {live ? <PauseIcon /> : <PlayArrowIcon />}
            </OwnerButton>
            <OwnerButton label="Delete Room" onClick={() => ownerActions.onDelete(room)}>
              <DeleteIcon color="error" />
            </OwnerButton>
          </Stack>
        ) : null}
      </CardActions>
    </Card>
  );
}
