import type { ContentItem } from '@fieldcraft/contracts';
import { EmptyState, LoadingState, MediaPanel } from '@fieldcraft/ui';
import ArticleIcon from '@mui/icons-material/Article';
import HeadphonesIcon from '@mui/icons-material/Headphones';
import LibraryMusicIcon from '@mui/icons-material/LibraryMusic';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import type { ReactNode } from 'react';
import { ContentList, type RowFacts } from './content-list';
import { savedRowProps, SavedFilesNotes, type SavedFilesPanelProps } from './save-offline';

interface KindTexts {
  title: string;
  icon: ReactNode;
  loading: string;
  savedIcon: ReactNode;
  savedEmpty: string;
  empty: string;
  emptyHint: string;
  listLabel: string;
}

/** The Listen and Read panels differ only in words and icons (the spec's texts). */
const KINDS = {
  listen: {
    title: 'Listen',
    icon: <HeadphonesIcon fontSize="small" />,
    loading: 'Loading audio...',
    savedIcon: <LibraryMusicIcon />,
    savedEmpty: 'No audio saved on this device',
    empty: 'No audio content available',
    emptyHint: 'Upload audio files to see them here',
    listLabel: 'Audio',
  },
  read: {
    title: 'Read',
    icon: <MenuBookIcon fontSize="small" />,
    loading: 'Loading reading content...',
    savedIcon: <ArticleIcon />,
    savedEmpty: 'No documents saved on this device',
    empty: 'No reading content available',
    emptyHint: 'Check back for updates and news',
    listLabel: 'Reading',
  },
} satisfies Record<string, KindTexts>;

export interface SavedKindPanelProps extends SavedFilesPanelProps {
  kind: keyof typeof KINDS;
  items: ContentItem[];
  loading: boolean;
  onChoose: (item: ContentItem) => void;
  facts?: RowFacts;
}

/**
 * Listen (audio, each opening in the app's player where the user left off) or Read (news,
 * documents, PDFs and Word items): a list that can be saved for use without signal.
 */
export function SavedKindPanel({
  kind,
  items,
  loading,
  onChoose,
  saved,
  offline,
  facts,
}: SavedKindPanelProps) {
  const texts: KindTexts = KINDS[kind];
  return (
    <MediaPanel title={texts.title} icon={texts.icon}>
      {loading ? null : <SavedFilesNotes saved={saved} offline={offline} items={items} />}
      {loading ? (
        <LoadingState label={texts.loading} />
      ) : items.length === 0 ? (
        offline ? (
          <EmptyState icon={texts.savedIcon} title={texts.savedEmpty} />
        ) : (
          <EmptyState title={texts.empty} description={texts.emptyHint} />
        )
      ) : (
        <ContentList
          label={texts.listLabel}
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
