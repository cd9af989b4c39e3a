import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';

export interface Stat {
  label: string;
  value: string;
  hint?: string;
}

/** The period's headline figures as a row of cards (two a row on phones). */
export function StatGrid({ stats, label }: { stats: Stat[]; label: string }) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr 1fr', md: `repeat(${stats.length}, 1fr)` },
      }}
    >
      {stats.map((s) => (
        <Card key={s.label} sx={{ p: { xs: 2, sm: 2.5 } }}>
          <Typography
            component="dt"
            variant="body2"
            sx={{ color: 'text.secondary', fontWeight: 600 }}
          >
            {s.label}
          </Typography>
          <Box component="dd" sx={{ m: 0 }}>
            <Typography
              component="span"
              sx={{ display: 'block', fontSize: { xs: '1.5rem', sm: '2rem' }, fontWeight: 800 }}
            >
              {s.value}
            </Typography>
            {s.hint ? (
              <Typography
                component="span"
                variant="caption"
                sx={{ display: 'block', color: 'text.secondary' }}
              >
                {s.hint}
              </Typography>
            ) : null}
          </Box>
        </Card>
      ))}
    </Box>
  );
}
