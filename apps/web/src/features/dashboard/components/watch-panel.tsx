import { EmptyState, MediaPanel, StatusChip } from '@fieldcraft/ui';
import OndemandVideoIcon from '@mui/icons-material/OndemandVideo';
import PlayCircleOutlinedIcon from '@mui/icons-material/PlayCircleOutlined';
import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** Watch: the player (standby until a video is chosen) and the 'Choose Video' list. */
export function WatchPanel() {
  return (
    <MediaPanel title="Watch" icon={<OndemandVideoIcon fontSize="small" />} badge={<StatusChip label="Standby" />}>
      <Box
        sx={{
          aspectRatio: '16 / 9',
          borderRadius: 3,
          bgcolor: 'secondary.dark',
          color: 'grey.300',
          display: 'grid',
          placeItems: 'center',
          textAlign: 'center',
          backgroundImage: 'radial-gradient(circle at 50% 40%, rgba(253,176,34,0.12), transparent 60%)',
        }}
      >
        <Box sx={{ display: 'grid', justifyItems: 'center', gap: 1 }}>
          <PlayCircleOutlinedIcon aria-hidden sx={{ fontSize: 56, color: 'warning.main' }} />
          <Typography variant="body2">No video selected</Typography>
        </Box>
      </Box>
      <Box component="section" aria-labelledby="choose-video-heading">
        <Typography id="choose-video-heading" component="h3" variant="h5" sx={{ mb: 1 }}>
          Choose Video
        </Typography>
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 3 }}>
          <EmptyState
            icon={<VideoLibraryIcon />}
            titleComponent="h4"
            title="No videos available"
            description="Upload videos to see them here"
          />
        </Box>
      </Box>
    </MediaPanel>
  );
}
