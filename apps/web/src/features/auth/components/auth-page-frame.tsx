import { Logo } from '@fieldcraft/ui';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { config } from '../../../shared/config';
import { SupportContacts } from './support-contacts';

/**
 * The signed-out pages' frame (sign-in, a reset link): the logo and product name over one card,
 * the support contacts under it. `brandAs` is h1 where the card has no heading of its own.
 */
export function AuthPageFrame({
  brandAs,
  tagline,
  children,
}: {
  brandAs: 'h1' | 'p';
  tagline?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 6 }, px: { xs: 2, sm: 3 } }}>
      <Box
        sx={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          textAlign: 'center',
          gap: 1,
          mb: 3,
        }}
      >
        <Logo size={64} />
        <Typography component={brandAs} variant="h1">
          {config.brandProduct}
        </Typography>
        {tagline}
      </Box>
      <Card sx={{ p: { xs: 2.5, sm: 4 } }}>{children}</Card>
      <SupportContacts />
    </Container>
  );
}
