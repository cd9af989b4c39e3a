import Chip from '@mui/material/Chip';

export interface RoleBadgeProps {
  /** The role as the API spells it (OWNER, ADMIN, USER, ...). */
  role: string;
  size?: 'small' | 'medium';
}

/** Role colours: red for OWNER, blue for ADMIN, grey for every other role. */
export function roleBadgeTone(role: string): 'red' | 'blue' | 'grey' {
  if (role === 'OWNER') return 'red';
  if (role === 'ADMIN') return 'blue';
  return 'grey';
}

const toneColor = { red: 'error', blue: 'info', grey: 'default' } as const;

/** A small filled chip naming the user's role. */
export function RoleBadge({ role, size = 'small' }: RoleBadgeProps) {
  const tone = roleBadgeTone(role);
  return (
    <Chip
      label={role}
      size={size}
      color={toneColor[tone]}
      data-tone={tone}
      sx={
        tone === 'grey'
          ? { bgcolor: 'grey.700', color: 'common.white', letterSpacing: '0.04em' }
          : { letterSpacing: '0.04em' }
      }
    />
  );
}
