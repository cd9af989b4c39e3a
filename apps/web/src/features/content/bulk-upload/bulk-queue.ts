import {
  bulkTypeOfFile,
  MAX_UPLOAD_BYTES,
  titleFromFileName,
  type BulkAccess,
  type ContentItem,
  type ContentType,
} from '@fieldcraft/contracts';

/** How many files upload at the same time. */
export const CONCURRENCY = 3;

export type RowStatus =
  | 'ready' // chosen, not yet sent
  | 'queued' // waiting for a free slot
  | 'uploading' // bytes on the way
  | 'processing' // every byte sent; the server is checking and creating the item
  | 'done'
  | 'failed'
  | 'cancelled';

export interface Defaults {
  description: string;
  isActive: boolean;
  access: BulkAccess;
}

/** Per-file values; undefined means "use the default". */
export interface Overrides {
  description?: string;
  isActive?: boolean;
  access?: BulkAccess;
}

export interface Row {
  id: string;
  file: File;
  /** Guessed in the browser from the name (or MIME type); null when not accepted. */
  guessedType: ContentType | null;
  /** The server's answer, once the item exists. */
  item?: ContentItem;
  title: string;
  overrides: Overrides;
  status: RowStatus;
  percent: number;
  error?: string;
  /** Refused in the browser (type or size): sending it again cannot help. */
  refusedLocally?: boolean;
  /** The server read the content and refused its type (415). */
  typeRefused?: boolean;
}

export interface QueueState {
  rows: Row[];
  /** True once Upload (or Retry) was pressed: from then on the page shows a summary. */
  runStarted: boolean;
}

export type QueueAction =
  | { type: 'added'; files: File[]; ids: string[] }
  | { type: 'titleChanged'; id: string; title: string }
  | { type: 'overridesChanged'; id: string; overrides: Overrides }
  | { type: 'startRequested' }
  | { type: 'started'; id: string }
  | { type: 'progressed'; id: string; percent: number; sent: boolean }
  | { type: 'succeeded'; id: string; item: ContentItem }
  | { type: 'failed'; id: string; error: string; typeRefused?: boolean }
  | { type: 'cancelled'; id: string }
  | { type: 'retried'; id: string }
  | { type: 'removed'; id: string }
  | { type: 'finishedCleared' };

export const initialQueue: QueueState = { rows: [], runStarted: false };

const KB = 1024;
const MB = 1024 * KB;

export function formatBytes(bytes: number): string {
  if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
  if (bytes >= KB) return `${Math.round(bytes / KB)} KB`;
  return `${bytes} B`;
}

function newRow(file: File, id: string): Row {
  const guessedType = bulkTypeOfFile(file.name, file.type);
  const row: Row = {
    id,
    file,
    guessedType,
    title: titleFromFileName(file.name),
    overrides: {},
    status: 'ready',
    percent: 0,
  };
  if (!guessedType) {
    return {
      ...row,
      status: 'failed',
      refusedLocally: true,
      error:
        'Unsupported file type. Accepted: PDF, Word, text, video (MP4, WebM, MOV, AVI, MKV, WMV) and audio (MP3, WAV, OGG, M4A, AAC).',
    };
  }
  if (file.size > MAX_UPLOAD_BYTES) {
    return {
      ...row,
      status: 'failed',
      refusedLocally: true,
      error: 'File is too large. Maximum size is 100MB.',
    };
  }
  return row;
}

function update(state: QueueState, id: string, change: (row: Row) => Row): QueueState {
  return { ...state, rows: state.rows.map((r) => (r.id === id ? change(r) : r)) };
}

export function queueReducer(state: QueueState, action: QueueAction): QueueState {
  switch (action.type) {
    case 'added':
      return {
        ...state,
        rows: [...state.rows, ...action.files.map((f, i) => newRow(f, action.ids[i] ?? f.name))],
      };
    case 'titleChanged':
      return update(state, action.id, (r) => ({ ...r, title: action.title }));
    case 'overridesChanged':
      return update(state, action.id, (r) => ({
        ...r,
        overrides: { ...r.overrides, ...action.overrides },
      }));
    case 'startRequested':
      return {
        ...state,
        runStarted: true,
        rows: state.rows.map((r) => (r.status === 'ready' ? { ...r, status: 'queued' } : r)),
      };
    case 'started':
      return update(state, action.id, (r) => ({ ...r, status: 'uploading', percent: 0 }));
    case 'progressed':
      return update(state, action.id, (r) =>
        r.status === 'uploading' || r.status === 'processing'
          ? { ...r, percent: action.percent, status: action.sent ? 'processing' : 'uploading' }
          : r,
      );
    case 'succeeded':
      return update(state, action.id, (r) => ({
        ...r,
        status: 'done',
        percent: 100,
        item: action.item,
        error: undefined,
      }));
    case 'failed':
      return update(state, action.id, (r) =>
        r.status === 'cancelled'
          ? r
          : { ...r, status: 'failed', error: action.error, typeRefused: action.typeRefused },
      );
    case 'cancelled':
      return update(state, action.id, (r) =>
        r.status === 'done' ? r : { ...r, status: 'cancelled', percent: 0 },
      );
    case 'retried':
      return {
        ...state,
        runStarted: true,
        rows: state.rows.map((r) =>
          r.id === action.id &&
          !r.refusedLocally &&
          (r.status === 'failed' || r.status === 'cancelled')
            ? { ...r, status: 'queued', percent: 0, error: undefined, typeRefused: undefined }
            : r,
        ),
      };
    case 'removed':
      return { ...state, rows: state.rows.filter((r) => r.id !== action.id) };
    case 'finishedCleared':
      return { ...state, rows: state.rows.filter((r) => r.status !== 'done') };
    default:
      return state;
  }
}

/** The values sent for a row: its overrides, else the defaults. */
export function effectiveValues(row: Row, defaults: Defaults) {
  return {
    title: row.title.trim(),
    description: (row.overrides.description ?? '').trim() || defaults.description.trim(),
    isActive: row.overrides.isActive ?? defaults.isActive,
    access: row.overrides.access ?? defaults.access,
  };
}

export function isBusy(status: RowStatus): boolean {
  return status === 'queued' || status === 'uploading' || status === 'processing';
}

export interface Summary {
  uploaded: number;
  failed: number;
  cancelled: number;
}

export function summarize(rows: Row[]): Summary {
  return {
    uploaded: rows.filter((r) => r.status === 'done').length,
    failed: rows.filter((r) => r.status === 'failed').length,
    cancelled: rows.filter((r) => r.status === 'cancelled').length,
  };
}

/** '3 uploaded, 1 failed' (and ', 1 cancelled' when some were). */
export function summaryText({ uploaded, failed, cancelled }: Summary): string {
  const parts = [`${uploaded} uploaded`, `${failed} failed`];
  if (cancelled > 0) parts.push(`${cancelled} cancelled`);
  return parts.join(', ');
}
