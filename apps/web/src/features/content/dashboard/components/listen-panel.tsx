import type { ContentItem } from '@fieldcraft/contracts';
import { EmptyState, LoadingState, MediaPanel } from '@fieldcraft/ui';
import HeadphonesIcon from '@mui/icons-material/Headphones';
import LibraryMusicIcon from '@mui/icons-material/LibraryMusic';
import { ContentList, type RowFacts } from './content-list';
import { savedRowProps, SavedFilesNotes, type SavedFilesPanelProps } from './save-offline';

export interface ListenPanelProps extends SavedFilesPanelProps {
  items: ContentItem[];
  loading: boolean;
  onChoose: (item: ContentItem) => void;
  facts?: RowFacts;
}

/** Listen: audio items (each opens in the app's player, resuming where the user left off). */
export function ListenPanel({ items, loading, onChoose, saved, offline, facts }: ListenPanelProps) {
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
            title="No audio content available"
            description="Upload audio files to see them here"
          />
        )
      ) : (
        <ContentList
          label="Audio"
          items={items}
          facts={facts}
          offline={offline}
          onChoose={onChoose}
          {...savedRowProps(saved)}
        />
      )}
    </MediaPanel>
  );
}
