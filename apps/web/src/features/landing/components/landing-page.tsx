import { Logo } from '@fieldcraft/ui';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { config } from '../../../shared/config';
import { paths } from '../../../shared/paths';

/** The public landing page at '/' when signed out. */
export function LandingPage() {
  return (
    <Box
      sx={{
        flex: 1,
        display: 'grid',
        placeItems: 'center',
        px: 2,
        py: { xs: 6, sm: 10 },
        color: 'common.white',
        bgcolor: 'secondary.dark',
        backgroundImage:
          'radial-gradient(circle at 20% 0%, rgba(253,176,34,0.18), transparent 55%), repeating-linear-gradient(135deg, rgba(255,255,255,0.035) 0 14px, transparent 14px 28px)',
      }}
    >
      <Box
        sx={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          textAlign: 'center',
          gap: 2.5,
          maxWidth: 560,
        }}
      >
        <Logo
          size={96}
          sx={{
            borderRadius: '22%',
            boxShadow: '0 0 0 1px rgba(253,176,34,0.45), 0 16px 40px rgba(0,0,0,0.35)',
          }}
        />
        <Typography component="h1" variant="h1" sx={{ fontSize: { xs: '2.5rem', sm: '3.5rem' } }}>
          {config.brandProduct}
        </Typography>
        <Box
          component="p"
          sx={{
            m: 0,
            px: 2,
            py: 0.75,
            borderRadius: 99,
            border: 1,
            borderColor: 'warning.main',
            color: 'warning.main',
            fontWeight: 700,
            fontSize: '1rem',
          }}
        >
          Limited Access BETA test environment
        </Box>
        <Button
          component={RouterLink}
          to={paths.login.getHref()}
          variant="contained"
          color="warning"
          size="large"
          endIcon={<ArrowForwardIcon />}
          sx={{ mt: 1, minWidth: 220 }}
        >
          Get Started
        </Button>
      </Box>
    </Box>
  );
}
