import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

export interface Shortcut {
  label: string;
  description: string;
  href: string;
  icon: ReactNode;
}

/** A titled grid of link cards, one per screen. */
export function ShortcutGrid({ title, shortcuts }: { title: string; shortcuts: Shortcut[] }) {
  const headingId = useId();
  return (
    <Box component="nav" aria-labelledby={headingId} sx={{ mb: 4 }}>
      <Typography id={headingId} component="h2" variant="h3" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        {shortcuts.map((shortcut) => (
          <Box component="li" key={shortcut.href} sx={{ display: 'flex' }}>
            <Card sx={{ flex: 1, display: 'flex' }}>
              <CardActionArea
                component={RouterLink}
                to={shortcut.href}
                sx={{
                  p: 2,
                  minHeight: 44,
                  display: 'flex',
                  alignItems: 'flex-start',
                  justifyContent: 'flex-start',
                  gap: 1.5,
                }}
              >
                <Box
                  aria-hidden
                  sx={{
                    color: 'primary.main',
                    display: 'flex',
                    pt: 0.25,
                    '& svg': { fontSize: 28 },
                  }}
                >
                  {shortcut.icon}
                </Box>
                <Box sx={{ minWidth: 0 }}>
                  <Typography component="span" sx={{ display: 'block', fontWeight: 700 }}>
                    {shortcut.label}
                  </Typography>
                  <Typography
                    component="span"
                    variant="body2"
                    sx={{ display: 'block', color: 'text.secondary' }}
                  >
                    {shortcut.description}
                  </Typography>
                </Box>
              </CardActionArea>
            </Card>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
