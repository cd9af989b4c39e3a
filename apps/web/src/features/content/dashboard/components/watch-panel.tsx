import type { ContentItem } from '@fieldcraft/contracts';
import { EmptyState, LoadingState, MediaPanel, StatusChip } from '@fieldcraft/ui';
import OndemandVideoIcon from '@mui/icons-material/OndemandVideo';
import PlayCircleOutlinedIcon from '@mui/icons-material/PlayCircleOutlined';
import StopIcon from '@mui/icons-material/Stop';
import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useResumePlayback } from '../../library/use-resume-playback';
import type { PlayerState } from '../use-content-click';
import { ContentList, UploadedBadge, type RowFacts } from './content-list';

export interface WatchPanelProps {
  items: ContentItem[];
  loading: boolean;
  player: PlayerState;
  onChoose: (item: ContentItem) => void;
  onStop: () => void;
  facts?: RowFacts;
}

/** Watch: the player (Standby until a video is chosen), 'Now Playing' with Stop, 'Choose Video'. */
export function WatchPanel({ items, loading, player, onChoose, onStop, facts }: WatchPanelProps) {
  const playing = player.src !== null;
  const videoId = player.kind === 'VIDEO' && player.item ? player.item.id : null;
  // An uploaded video starts where the user left it (saved on the server, per user).
  const resumeRef = useResumePlayback(
    videoId,
    videoId === null || !facts?.positionsReady ? undefined : (facts.positions.get(videoId) ?? 0),
  );
  return (
    <MediaPanel
      title="Watch"
      icon={<OndemandVideoIcon fontSize="small" />}
      badge={<StatusChip label={playing ? 'Playing' : 'Standby'} active={playing} />}
    >
      <Box
        sx={{
          aspectRatio: '16 / 9',
          borderRadius: 3,
          overflow: 'hidden',
          bgcolor: 'secondary.dark',
          color: 'grey.300',
          display: 'grid',
          placeItems: 'center',
          textAlign: 'center',
          backgroundImage: playing
            ? undefined
            : 'radial-gradient(circle at 50% 40%, rgba(253,176,34,0.12), transparent 60%)',
        }}
      >
        {player.src && player.kind === 'VIMEO' ? (
          <Box
            component="iframe"
            src={player.src}
            title={player.item?.title ?? 'Video player'}
            sandbox="allow-scripts allow-same-origin allow-presentation"
            allow="autoplay; fullscreen; picture-in-picture"
            allowFullScreen
            sx={{ width: '100%', height: '100%', border: 0 }}
          />
        ) : player.src ? (
          <Box
            component="video"
            ref={resumeRef}
            src={player.src}
            autoPlay
            controls
            playsInline
            aria-label={player.item?.title ?? 'Video player'}
            sx={{ width: '100%', height: '100%', bgcolor: 'common.black' }}
          />
        ) : (
          <Box sx={{ display: 'grid', justifyItems: 'center', gap: 1 }}>
            <PlayCircleOutlinedIcon aria-hidden sx={{ fontSize: 56, color: 'warning.main' }} />
            <Typography variant="body2">No video selected</Typography>
          </Box>
        )}
      </Box>
      {playing ? (
        <Box
          role="group"
          aria-label="Now Playing"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1.5,
            p: 1.5,
            borderRadius: 3,
            bgcolor: 'action.hover',
          }}
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography
              variant="overline"
              sx={{ display: 'block', lineHeight: 1.5, color: 'text.secondary' }}
            >
              Now Playing
            </Typography>
            <Typography sx={{ fontWeight: 600 }} noWrap>
              {player.item?.title}
            </Typography>
          </Box>
          <Button
            onClick={onStop}
            variant="outlined"
            color="secondary"
            startIcon={<StopIcon />}
            sx={{ minHeight: 44 }}
          >
            Stop
          </Button>
        </Box>
      ) : null}
      <Box component="section" aria-labelledby="choose-video-heading">
        <Typography id="choose-video-heading" component="h3" variant="h5" sx={{ mb: 1 }}>
          Choose Video
        </Typography>
        {loading ? (
          <LoadingState label="Loading videos..." />
        ) : items.length === 0 ? (
          <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 3 }}>
            <EmptyState
              icon={<VideoLibraryIcon />}
              titleComponent="h4"
              title="No videos available"
              description="Upload videos to see them here"
            />
          </Box>
        ) : (
          <ContentList
            label="Choose Video"
            items={items}
            selectedId={player.item?.id ?? null}
            facts={facts}
            badge={(item) => (item.type === 'VIDEO' ? <UploadedBadge /> : null)}
            onChoose={onChoose}
          />
        )}
      </Box>
    </MediaPanel>
  );
}
