import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ElementType, ReactNode } from 'react';

export interface EmptyStateProps {
  title: string;
  description?: string;
  icon?: ReactNode;
  action?: ReactNode;
  /** Heading element for the title; pick one that fits the page outline. */
  titleComponent?: ElementType;
}

/** A centred "nothing here yet" message with an optional icon and action. */
export function EmptyState({
  title,
  description,
  icon,
  action,
  titleComponent = 'h3',
}: EmptyStateProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 1,
        py: 4,
        px: 2,
        color: 'text.secondary',
      }}
    >
      {icon ? (
        <Box aria-hidden sx={{ color: 'text.secondary', '& svg': { fontSize: 40 } }}>
          {icon}
        </Box>
      ) : null}
      <Typography component={titleComponent} variant="h6" sx={{ color: 'text.primary' }}>
        {title}
      </Typography>
      {description ? <Typography variant="body2">{description}</Typography> : null}
      {action ? <Box sx={{ mt: 1 }}>{action}</Box> : null}
    </Box>
  );
}
