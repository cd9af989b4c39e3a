import type { ContentItem, ContentType } from '@fieldcraft/contracts';

/**
 * Files saved for offline use: what is kept about each (the file itself is in Cache Storage,
 * docs/field-readiness.md "Saved for offline use"), and the pure rules around them.
 */
export interface SavedFile {
  /** The content item's id. */
  id: number;
  title: string;
  description: string;
  type: ContentType;
  /** The item's url when saved: /api/files/<key>. */
  url: string;
  /** Bytes. */
  size: number;
  /** ISO time. */
  savedAt: string;
  /** The signed-in user who saved it. */
  userId: number;
}

export const SAVABLE_TYPES: readonly ContentType[] = ['PDF', 'WORD', 'DOCUMENT', 'AUDIO'];

/** Uploaded PDFs, Word files, documents and audio can be saved; links, news and videos cannot. */
export function canSaveOffline(item: Pick<ContentItem, 'type' | 'url'>): boolean {
  return SAVABLE_TYPES.includes(item.type) && /^\/api\/files\/[^/?#]+$/.test(item.url ?? '');
}

/** Parses the stored list; anything that is not a list of saved files reads as empty. */
export function parseSavedFiles(raw: string | null): SavedFile[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.filter(isSavedFile);
}

function isSavedFile(value: unknown): value is SavedFile {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<SavedFile>;
  return (
    typeof v.id === 'number' &&
    typeof v.title === 'string' &&
    typeof v.type === 'string' &&
    SAVABLE_TYPES.includes(v.type) &&
    typeof v.url === 'string' &&
    typeof v.userId === 'number' &&
    typeof v.savedAt === 'string'
  );
}

/**
 * Which saved files must leave the device, given the signed-in user and their content list as
 * the server just sent it: another user's files (a shared phone), items no longer in the list
 * (access revoked, made inactive, deleted), items that can no longer be saved, and items whose
 * file changed (another url).
 */
export function filesToRemove(
  saved: readonly SavedFile[],
  userId: number,
  items: readonly ContentItem[],
): SavedFile[] {
  const current = new Map(items.filter((i) => i.isActive).map((i) => [i.id, i]));
  return saved.filter((file) => {
    if (file.userId !== userId) return true;
    const item = current.get(file.id);
    return !item || item.url !== file.url || !canSaveOffline(item);
  });
}

/** A saved file as a content item, so the dashboard's panels can list it without signal. */
export function asContentItem(file: SavedFile): ContentItem {
  return {
    id: file.id,
    title: file.title,
    description: file.description,
    category: file.type === 'AUDIO' ? 'listen' : 'read',
    type: file.type,
    url: file.url,
    isActive: true,
    createdAt: file.savedAt,
  };
}

/** "1.2 MB", "340 KB". */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
