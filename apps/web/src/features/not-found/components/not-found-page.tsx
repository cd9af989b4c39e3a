import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { paths } from '../../../shared/paths';

/** Any unknown path. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', px: 2, py: 8 }}>
      <Box
        sx={{ textAlign: 'center', maxWidth: 520, display: 'grid', gap: 2, justifyItems: 'center' }}
      >
        <Typography component="h1" variant="h1">
          404 Page Not Found
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>
          The page you&apos;re looking for doesn&apos;t exist.
        </Typography>
        <Box
          component="code"
          sx={{
            px: 1.5,
            py: 0.5,
            borderRadius: 1,
            bgcolor: 'background.paper',
            border: 1,
            borderColor: 'divider',
            overflowWrap: 'anywhere',
          }}
        >
          {pathname}
        </Box>
        <Button component={RouterLink} to={paths.home.getHref()} variant="contained" size="large">
          Go to Dashboard
        </Button>
      </Box>
    </Box>
  );
}
