import type { ContentItem } from '@fieldcraft/contracts';
import { EmptyState, LoadingState, MediaPanel } from '@fieldcraft/ui';
import ArticleIcon from '@mui/icons-material/Article';
import DescriptionIcon from '@mui/icons-material/Description';
import LinkIcon from '@mui/icons-material/Link';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import NewspaperIcon from '@mui/icons-material/Newspaper';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { ContentList } from './content-list';
import { savedRowProps, SavedFilesNotes, type SavedFilesPanelProps } from './save-offline';

export interface ReadPanelProps extends SavedFilesPanelProps {
  items: ContentItem[];
  loading: boolean;
  onChoose: (item: ContentItem) => void;
}

function readIcon(item: ContentItem) {
  if (item.type === 'NEWS') return <NewspaperIcon />;
  if (item.type === 'PDF') return <PictureAsPdfIcon />;
  if (item.type === 'LINK') return <LinkIcon />;
  return <DescriptionIcon />;
}

/** Read: news, documents, PDFs and Word items. */
export function ReadPanel({ items, loading, onChoose, saved, offline }: ReadPanelProps) {
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
            icon={<ArticleIcon />}
            title="No reading content available"
            description="Check back for updates and news"
          />
        )
      ) : (
        <ContentList
          label="Reading"
          items={items}
          icon={readIcon}
          onChoose={onChoose}
          {...savedRowProps(saved)}
        />
      )}
    </MediaPanel>
  );
}
