import type { ContentItem } from '@fieldcraft/contracts';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import DownloadForOfflineOutlinedIcon from '@mui/icons-material/DownloadForOfflineOutlined';
import OfflinePinIcon from '@mui/icons-material/OfflinePin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { savedFilesTexts, type SavedFilesControls } from '../use-saved-files';

/**
 * The save-for-offline parts of the Read and Listen panels (docs/field-readiness.md "Saved for
 * offline use"): the row's button, its Saved mark, the panel's message and offline line.
 */
export interface SavedFilesPanelProps {
  /** Saving for offline use; omitted: the panel has no save buttons. */
  saved?: SavedFilesControls;
  /** No signal: the panel lists the files saved on this device. */
  offline?: boolean;
}

/** The row's 44 px button: save, saving (with progress), or remove the offline copy. */
export function SaveOfflineButton({
  item,
  saved,
}: {
  item: ContentItem;
  saved: SavedFilesControls;
}) {
  if (!saved.canSave(item)) return null;
  const busy = item.id in saved.saving;
  const share = saved.saving[item.id] ?? null;
  const isSaved = saved.isSaved(item.id);
  const label = busy
    ? `Saving ${item.title} for offline use${share === null ? '' : `, ${Math.round(share * 100)} %`}`
    : isSaved
      ? `Remove offline copy: ${item.title}`
      : `Save for offline use: ${item.title}`;
  const tip = busy ? 'Saving...' : isSaved ? 'Remove offline copy' : 'Save for offline use';
  return (
    <Tooltip title={tip}>
      <span>
        <IconButton
          aria-label={label}
          aria-busy={busy || undefined}
          disabled={busy}
          color={isSaved ? 'success' : 'secondary'}
          onClick={() => void (isSaved ? saved.remove(item) : saved.save(item))}
          sx={{ width: 44, height: 44 }}
        >
          {busy ? (
            <CircularProgress
              size={24}
              variant={share === null ? 'indeterminate' : 'determinate'}
              value={share === null ? undefined : Math.max(5, share * 100)}
              aria-hidden
            />
          ) : isSaved ? (
            <OfflinePinIcon />
          ) : (
            <DownloadForOfflineOutlinedIcon />
          )}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** The visible mark on a saved row. */
export function SavedMark() {
  return (
    <Chip size="small" label="Saved" color="success" variant="outlined" sx={{ flexShrink: 0 }} />
  );
}

/** Row extras for a panel's ContentList: the Saved mark and the button. */
export function savedRowProps(
  saved: SavedFilesControls | undefined,
  badge?: (item: ContentItem) => ReactNode,
) {
  if (!saved) return { badge };
  return {
    badge: (item: ContentItem) => (
      <>
        {badge?.(item)}
        {saved.isSaved(item.id) ? <SavedMark /> : null}
      </>
    ),
    action: (item: ContentItem) => <SaveOfflineButton item={item} saved={saved} />,
  };
}

/** Above the list: the offline line, and the last save/remove message for one of `items`. */
export function SavedFilesNotes({
  saved,
  offline,
  items,
}: SavedFilesPanelProps & { items: readonly ContentItem[] }) {
  const message =
    saved?.message && items.some((i) => i.id === saved.message?.itemId) ? saved.message : null;
  if (!offline && !message) return null;
  return (
    <Box sx={{ display: 'grid', gap: 1, mb: 1.5 }}>
      {offline ? (
        <Typography
          role="status"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, fontSize: '1rem' }}
          color="text.secondary"
        >
          <CloudOffIcon fontSize="small" aria-hidden />
          {savedFilesTexts.offlineLine}
        </Typography>
      ) : null}
      {message ? (
        <Alert
          severity={message.severity}
          role={message.severity === 'error' ? 'alert' : 'status'}
          onClose={saved?.dismiss}
          slotProps={{ closeButton: { sx: { width: 44, height: 44 } } }}
        >
          {message.text}
        </Alert>
      ) : null}
    </Box>
  );
}
