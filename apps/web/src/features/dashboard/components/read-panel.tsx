import { EmptyState, MediaPanel } from '@fieldcraft/ui';
import ArticleIcon from '@mui/icons-material/Article';
import MenuBookIcon from '@mui/icons-material/MenuBook';

/** Read: news, documents, PDFs and Word items. */
export function ReadPanel() {
  return (
    <MediaPanel title="Read" icon={<MenuBookIcon fontSize="small" />}>
      <EmptyState
        icon={<ArticleIcon />}
        title="No reading content available"
        description="Check back for updates and news"
      />
    </MediaPanel>
  );
}
