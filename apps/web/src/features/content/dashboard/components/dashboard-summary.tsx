import type { LoginStats, UserDashboard } from '@fieldcraft/contracts';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

export interface DashboardSummaryProps {
  dashboard: UserDashboard | undefined;
  loginStats: LoginStats | undefined;
}

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, borderRadius: 3, minWidth: 0 }}>
      <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
        {value}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
    </Paper>
  );
}

/** The caller's own summary (USER and OWNER): assigned rooms, new items, recent conversations. */
export function DashboardSummary({ dashboard, loginStats }: DashboardSummaryProps) {
  if (!dashboard) return null;
  return (
    <Box component="section" aria-label="Your summary" sx={{ mb: { xs: 2, md: 3 } }}>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        <Stat label="Your rooms" value={dashboard.rooms.length} />
        <Stat label="New since your last visit" value={dashboard.newContentCount} />
        <Stat label="Recent conversations" value={dashboard.recentConversations.length} />
        {loginStats ? <Stat label="Sign-ins" value={loginStats.loginCount} /> : null}
      </Box>
    </Box>
  );
}
