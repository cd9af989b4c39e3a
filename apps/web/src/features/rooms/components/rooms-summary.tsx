import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { RoomSummary } from '../room-filters';

/** The summary strip: Live Rooms, Paused, Inactive, Categories. */
export function RoomsSummary({ summary }: { summary: RoomSummary }) {
  const items = [
    { label: 'Live Rooms', value: summary.live, color: 'success.dark' },
    { label: 'Paused', value: summary.paused, color: 'text.primary' },
    { label: 'Inactive', value: summary.inactive, color: 'text.secondary' },
    { label: 'Categories', value: summary.categories, color: 'primary.main' },
  ];
  return (
    <Box component="section" aria-label="Room summary" sx={{ mt: 3 }}>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' },
          gap: 2,
          m: 0,
        }}
      >
        {items.map((item) => (
          <Card
            key={item.label}
            sx={{ p: 2, textAlign: 'center', display: 'flex', flexDirection: 'column-reverse' }}
          >
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {item.label}
            </Typography>
            <Typography
              component="dd"
              sx={{ m: 0, fontSize: '1.75rem', fontWeight: 800, color: item.color }}
            >
              {item.value}
            </Typography>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
