import { EmptyState, MediaPanel } from '@fieldcraft/ui';
import HeadphonesIcon from '@mui/icons-material/Headphones';
import LibraryMusicIcon from '@mui/icons-material/LibraryMusic';

/** Listen: audio items. */
export function ListenPanel() {
  return (
    <MediaPanel title="Listen" icon={<HeadphonesIcon fontSize="small" />}>
      <EmptyState
        icon={<LibraryMusicIcon />}
        title="No audio content available"
        description="Upload audio files to see them here"
      />
    </MediaPanel>
  );
}
