import Chip from '@mui/material/Chip';

export interface StatusChipProps {
  label: string;
  /** Active states get the primary colour and a live dot; idle ones stay neutral. */
  active?: boolean;
}

/** A small status badge such as 'Playing' or 'Standby'. */
export function StatusChip({ label, active = false }: StatusChipProps) {
  return (
    <Chip
      size="small"
      label={label}
      color={active ? 'primary' : 'default'}
      variant={active ? 'filled' : 'outlined'}
      sx={
        active
          ? undefined
          : { color: 'text.secondary', borderColor: 'divider', bgcolor: 'background.paper' }
      }
    />
  );
}
