import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useId } from 'react';

export interface MediaPanelProps {
  title: string;
  icon?: ReactNode;
  /** Shown at the right of the title row, e.g. a status badge. */
  badge?: ReactNode;
  children: ReactNode;
}

/** A titled card section of the dashboard (Watch, Listen, Read). */
export function MediaPanel({ title, icon, badge, children }: MediaPanelProps) {
  const headingId = useId();
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: { xs: 2, sm: 2.5 },
          py: 1.75,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {icon ? (
          <Box
            aria-hidden
            sx={{
              display: 'grid',
              placeItems: 'center',
              width: 36,
              height: 36,
              borderRadius: 2,
              bgcolor: 'secondary.main',
              color: 'warning.main',
            }}
          >
            {icon}
          </Box>
        ) : null}
        <Typography id={headingId} component="h2" variant="h4" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {badge}
      </Box>
      <Box
        sx={{ p: { xs: 2, sm: 2.5 }, flex: 1, display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        {children}
      </Box>
    </Card>
  );
}
