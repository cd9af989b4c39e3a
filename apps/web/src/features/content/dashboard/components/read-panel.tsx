import type { ContentItem } from '@fieldcraft/contracts';
import { EmptyState, LoadingState, MediaPanel } from '@fieldcraft/ui';
import ArticleIcon from '@mui/icons-material/Article';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import { ContentList, type RowFacts } from './content-list';
import { savedRowProps, SavedFilesNotes, type SavedFilesPanelProps } from './save-offline';

export interface ReadPanelProps extends SavedFilesPanelProps {
  items: ContentItem[];
  loading: boolean;
  onChoose: (item: ContentItem) => void;
  facts?: RowFacts;
}

/** Read: news, documents, PDFs and Word items. */
export function ReadPanel({ items, loading, onChoose, saved, offline, facts }: ReadPanelProps) {
  return (
    <MediaPanel title="Read" icon={<MenuBookIcon fontSize="small" />}>
      {loading ? null : <SavedFilesNotes saved={saved} offline={offline} items={items} />}
      {loading ? (
        <LoadingState label="Loading reading content..." />
      ) : items.length === 0 ? (
        offline ? (
          <EmptyState icon={<ArticleIcon />} title="No documents saved on this device" />
        ) : (
          <EmptyState
            title="No reading content available"
            description="Check back for updates and news"
          />
        )
      ) : (
        <ContentList
          label="Reading"
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
