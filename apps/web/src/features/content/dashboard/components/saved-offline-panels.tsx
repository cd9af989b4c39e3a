import type { ContentItem, User } from '@fieldcraft/contracts';
import Box from '@mui/material/Box';
import { openWithFallback } from '../../../../shared/content-opening/open-content';
import { OfflineNotice } from '../../../../shared/offline/offline-notice';
import { asContentItem, type SavedFile } from '../../../../shared/offline/saved-files.model';
import { useSavedFiles } from '../use-saved-files';
import { SavedKindPanel } from './saved-kind-panel';

/** Saved files as the Listen (audio) and Read (the rest) panels' items, newest title order. */
export function savedLists(files: readonly SavedFile[]) {
  const items = [...files].sort((a, b) => a.title.localeCompare(b.title)).map(asContentItem);
  return {
    listen: items.filter((i) => i.type === 'AUDIO'),
    read: items.filter((i) => i.type !== 'AUDIO'),
  };
}

/**
 * Without signal every saved row opens its file in a new tab (the service worker answers from
 * the saved copy). A Word file cannot be shown by the browser, so it downloads; the spec's
 * "Word clicks do nothing" is for the online list, where the file is one tap from the owner.
 */
export function openSavedFile(item: ContentItem): void {
  if (item.url) openWithFallback(item.url);
}

/**
 * /dashboard while the auth status cannot load for want of signal: the offline notice, then the
 * Listen and Read panels of what the last signed-in user saved on this device.
 */
export function OfflineDashboardPage({ user }: { user: User }) {
  const saved = useSavedFiles(user.id);
  const lists = savedLists(saved.files);
  return (
    <>
      <OfflineNotice />
      {saved.files.length > 0 ? (
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 2, md: 3 },
            gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          <SavedKindPanel
            kind="listen"
            items={lists.listen}
            loading={false}
            onChoose={openSavedFile}
            saved={saved}
            offline
          />
          <SavedKindPanel
            kind="read"
            items={lists.read}
            loading={false}
            onChoose={openSavedFile}
            saved={saved}
            offline
          />
        </Box>
      ) : null}
    </>
  );
}

export default OfflineDashboardPage;
