import type { ContentItem } from '@fieldcraft/contracts';
import { EmptyState, LoadingState, MediaPanel } from '@fieldcraft/ui';
import AudiotrackIcon from '@mui/icons-material/Audiotrack';
import HeadphonesIcon from '@mui/icons-material/Headphones';
import LibraryMusicIcon from '@mui/icons-material/LibraryMusic';
import { ContentList } from './content-list';
import { savedRowProps, SavedFilesNotes, type SavedFilesPanelProps } from './save-offline';

export interface ListenPanelProps extends SavedFilesPanelProps {
  items: ContentItem[];
  loading: boolean;
  onChoose: (item: ContentItem) => void;
}

/** Listen: audio items (each opens in a new tab). */
export function ListenPanel({ items, loading, onChoose, saved, offline }: ListenPanelProps) {
  return (
    <MediaPanel title="Listen" icon={<HeadphonesIcon fontSize="small" />}>
      {loading ? null : <SavedFilesNotes saved={saved} offline={offline} items={items} />}
      {loading ? (
        <LoadingState label="Loading audio..." />
      ) : items.length === 0 ? (
        offline ? (
          <EmptyState icon={<LibraryMusicIcon />} title="No audio saved on this device" />
        ) : (
          <EmptyState
            icon={<LibraryMusicIcon />}
            title="No audio content available"
            description="Upload audio files to see them here"
          />
        )
      ) : (
        <ContentList
          label="Audio"
          items={items}
          icon={() => <AudiotrackIcon />}
          onChoose={onChoose}
          {...savedRowProps(saved)}
        />
      )}
    </MediaPanel>
  );
}
