import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

export interface LoadingStateProps {
  /** The words shown under the spinner, e.g. 'Loading...'. */
  label: string;
  /** Fill the viewport's height (route-level waits) instead of a block. */
  fullScreen?: boolean;
}

/** A spinner with a live text, for route and data waits. */
export function LoadingState({ label, fullScreen = false }: LoadingStateProps) {
  return (
    <Box
      role="status"
      sx={{
        minHeight: fullScreen ? '100dvh' : 160,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        p: 3,
      }}
    >
      <CircularProgress aria-hidden size={32} />
      <Typography sx={{ color: 'text.secondary' }}>{label}</Typography>
    </Box>
  );
}
