import type { AdminSummary } from '@fieldcraft/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

interface Stat {
  label: string;
  value: number;
  color: string;
}

/** One group of numbers ('Users', 'Rooms', …): a heading and a list of label/value pairs. */
function StatGroup({ title, stats, note }: { title: string; stats: Stat[]; note?: string }) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography id={headingId} component="h2" variant="h4" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: `repeat(${stats.length}, minmax(0, 1fr))`,
          gap: 1,
          m: 0,
        }}
      >
        {stats.map((stat) => (
          <Box
            key={stat.label}
            sx={{ display: 'flex', flexDirection: 'column-reverse', minWidth: 0 }}
          >
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {stat.label}
            </Typography>
            <Typography
              component="dd"
              sx={{
                m: 0,
                fontSize: '1.75rem',
                fontWeight: 800,
                lineHeight: 1.2,
                color: stat.color,
              }}
            >
              {stat.value}
            </Typography>
          </Box>
        ))}
      </Box>
      {note ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {note}
        </Typography>
      ) : null}
    </Card>
  );
}

/** The summary's numbers in groups: users, rooms, content (OWNER only) and the last 7 days. */
export function SummaryStats({ summary }: { summary: AdminSummary }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
        mb: 4,
      }}
    >
      <StatGroup
        title="Users"
        stats={[
          { label: 'Pending', value: summary.users.pending, color: 'primary.main' },
          { label: 'Active', value: summary.users.active, color: 'success.dark' },
          { label: 'Deactivated', value: summary.users.deactivated, color: 'text.secondary' },
        ]}
      />
      <StatGroup
        title="Rooms"
        stats={[
          { label: 'Live', value: summary.rooms.live, color: 'success.dark' },
          { label: 'Paused', value: summary.rooms.paused, color: 'text.primary' },
          { label: 'Inactive', value: summary.rooms.inactive, color: 'text.secondary' },
        ]}
      />
      {summary.content ? (
        <StatGroup
          title="Content"
          stats={[
            { label: 'Live', value: summary.content.live, color: 'success.dark' },
            { label: 'Offline', value: summary.content.offline, color: 'text.secondary' },
          ]}
        />
      ) : null}
      <StatGroup
        title="This week"
        stats={[
          { label: 'Conversations', value: summary.conversations.count, color: 'info.main' },
          { label: 'Minutes', value: summary.conversations.minutes, color: 'info.main' },
        ]}
        note="Advisor conversations started in the last 7 days."
      />
    </Box>
  );
}
