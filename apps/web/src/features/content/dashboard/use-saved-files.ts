import type { ContentItem } from '@fieldcraft/contracts';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import {
  readSavedFiles,
  removeSavedFile,
  SaveFileError,
  saveFile,
  subscribeSavedFiles,
  syncSavedFiles,
  type SaveFailure,
} from '../../../shared/offline/saved-files';
import { canSaveOffline, type SavedFile } from '../../../shared/offline/saved-files.model';

export interface SavedFilesMessage {
  itemId: number;
  severity: 'error' | 'success';
  text: string;
}

export interface SavedFilesControls {
  /** This user's saved files on this device. */
  files: SavedFile[];
  isSaved: (itemId: number) => boolean;
  canSave: (item: ContentItem) => boolean;
  /** Items being saved: the share received (0–1) or null while the size is unknown. */
  saving: Readonly<Record<number, number | null>>;
  message: SavedFilesMessage | null;
  dismiss: () => void;
  save: (item: ContentItem) => Promise<void>;
  remove: (item: ContentItem) => Promise<void>;
}

export const savedFilesTexts = {
  saved: (title: string) => `"${title}" is saved on this device.`,
  removed: (title: string) => `The offline copy of "${title}" was removed.`,
  offlineLine: 'You are offline. Showing what you saved on this device.',
  failure: (reason: SaveFailure, title: string): string =>
    ({
      unavailable: `"${title}" is no longer available to you.`,
      'signed-out': `Sign in again to save "${title}".`,
      full: 'Storage on this device is full. Remove saved files, then try again.',
      offline: `No connection. "${title}" was not saved.`,
      unsupported: 'This browser cannot save files for offline use.',
      failed: `"${title}" could not be saved. Try again.`,
    })[reason],
} as const;

/** The signed-in user's files saved for offline use, and saving/removing them from a panel row. */
export function useSavedFiles(userId: number): SavedFilesControls {
  // The server draws with no saved files (its storage is empty): readSavedFiles serves both.
  const all = useSyncExternalStore(subscribeSavedFiles, readSavedFiles, readSavedFiles);
  const files = useMemo(() => all.filter((f) => f.userId === userId), [all, userId]);
  const ids = useMemo(() => new Set(files.map((f) => f.id)), [files]);
  const [saving, setSaving] = useState<Record<number, number | null>>({});
  const [message, setMessage] = useState<SavedFilesMessage | null>(null);

  const save = useCallback(
    async (item: ContentItem) => {
      setMessage(null);
      setSaving((s) => ({ ...s, [item.id]: null }));
      try {
        await saveFile(item, userId, (share) => setSaving((s) => ({ ...s, [item.id]: share })));
        setMessage({
          itemId: item.id,
          severity: 'success',
          text: savedFilesTexts.saved(item.title),
        });
      } catch (error) {
        const reason = error instanceof SaveFileError ? error.reason : 'failed';
        setMessage({
          itemId: item.id,
          severity: 'error',
          text: savedFilesTexts.failure(reason, item.title),
        });
      } finally {
        setSaving(({ [item.id]: _done, ...rest }) => rest);
      }
    },
    [userId],
  );

  const remove = useCallback(async (item: ContentItem) => {
    setMessage(null);
    await removeSavedFile(item.id);
    setMessage({ itemId: item.id, severity: 'success', text: savedFilesTexts.removed(item.title) });
  }, []);

  return {
    files,
    isSaved: useCallback((id: number) => ids.has(id), [ids]),
    canSave: canSaveOffline,
    saving,
    message,
    dismiss: useCallback(() => setMessage(null), []),
    save,
    remove,
  };
}

/**
 * Each time the content list arrives from the server (`fulfilledAt` changes: app start, a
 * reconnect, a refetch), saved files that left it leave the device (syncSavedFiles).
 */
export function useSyncSavedFiles(
  userId: number,
  items: readonly ContentItem[] | undefined,
  fulfilledAt: number | undefined,
) {
  const last = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!items || fulfilledAt === undefined || last.current === fulfilledAt) return;
    last.current = fulfilledAt;
    syncSavedFiles(userId, items).catch(() => {
      // Cache Storage refused (private mode, blocked storage): nothing saved to clean up.
    });
  }, [userId, items, fulfilledAt]);
}
