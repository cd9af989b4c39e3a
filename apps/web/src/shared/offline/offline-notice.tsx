import CloudOffIcon from '@mui/icons-material/CloudOff';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { offlineTexts } from './offline.texts';

/** Where a page's data cannot load for want of signal: a plain, calm message. */
export function OfflineNotice({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Box
      role="status"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 1.5,
        px: 2,
        py: { xs: 6, md: 10 },
        minHeight: fullScreen ? '100vh' : undefined,
        justifyContent: fullScreen ? 'center' : undefined,
      }}
    >
      <CloudOffIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
        {offlineTexts.title}
      </Typography>
      <Typography sx={{ fontSize: '1rem', maxWidth: 420 }} color="text.secondary">
        {offlineTexts.body}
      </Typography>
    </Box>
  );
}
