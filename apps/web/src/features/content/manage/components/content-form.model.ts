import {
  FILE_REQUIRED_TYPES,
  URL_REQUIRED_TYPES,
  categoryOfType,
  type ContentCategory,
  type ContentItem,
  type ContentType,
} from '@fieldcraft/contracts';

export interface ContentFormValues {
  title: string;
  description: string;
  category: ContentCategory;
  type: ContentType;
  url: string;
  isActive: boolean;
  file: File | null;
}

export const CATEGORY_LABELS: Record<ContentCategory, string> = {
  read: 'Read',
  watch: 'Watch',
  listen: 'Listen',
};

/**
 * Accepted file types (spec §5): the desktop dialog and the small-screen sheet list them
 * slightly differently (DOCUMENT: the sheet adds rtf; VIDEO: the dialog has wmv, the sheet webm).
 */
export const ACCEPT: Record<'dialog' | 'sheet', Partial<Record<ContentType, string>>> = {
  dialog: {
    PDF: '.pdf',
    WORD: '.doc,.docx',
    DOCUMENT: '.pdf,.doc,.docx,.txt',
    VIDEO: '.mp4,.avi,.mov,.wmv,.mkv',
    AUDIO: '.mp3,.wav,.ogg,.m4a,.aac',
  },
  sheet: {
    PDF: '.pdf',
    WORD: '.doc,.docx',
    DOCUMENT: '.pdf,.doc,.docx,.txt,.rtf',
    VIDEO: '.mp4,.webm,.mov,.avi,.mkv',
    AUDIO: '.mp3,.wav,.ogg,.m4a,.aac',
  },
};

export const needsUrl = (type: ContentType) =>
  (URL_REQUIRED_TYPES as readonly ContentType[]).includes(type);
export const takesFile = (type: ContentType) =>
  (FILE_REQUIRED_TYPES as readonly ContentType[]).includes(type);

export function initialValues(item: ContentItem | null): ContentFormValues {
  if (!item) {
    return {
      title: '',
      description: '',
      category: 'read',
      type: 'NEWS',
      url: '',
      isActive: true,
      file: null,
    };
  }
  return {
    title: item.title,
    description: item.description,
    category: categoryOfType(item.type),
    type: item.type,
    url: item.url ?? '',
    isActive: item.isActive,
    file: null,
  };
}
