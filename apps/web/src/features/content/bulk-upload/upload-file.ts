import {
  ErrorCode,
  type BulkUploadFieldsInput,
  type BulkUploadResult,
} from '@fieldcraft/contracts';
import { sendUpload } from '../../../shared/api/upload';

export const BULK_UPLOAD_URL = '/api/bulk-upload/files';

/** A refused or failed upload: the words to show, and the server's status and code. */
export class UploadFailedError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'UploadFailedError';
  }
}

function codeOf(body: unknown): string | undefined {
  const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

export interface UploadProgress {
  /** Whole percent of the file's bytes sent. */
  percent: number;
  /** True once every byte is sent and the server is checking the file. */
  sent: boolean;
}

export interface BulkUploadHandle {
  /** Resolves with the created item; rejects with a message a person can read. */
  done: Promise<BulkUploadResult>;
  cancel: () => void;
}

/** What to show for a failed upload, from the server's `{error, code, issues?}`. */
export function uploadErrorText(status: number, body: unknown): string {
  const data = (body && typeof body === 'object' ? body : {}) as {
    error?: unknown;
    code?: unknown;
    issues?: { fieldErrors?: Record<string, unknown> };
  };
  if (status === 413 || data.code === ErrorCode.PAYLOAD_TOO_LARGE) {
    return 'File is too large. Maximum size is 100MB.';
  }
  if (status === 401) return 'Authentication required. Please log in and try again.';
  const field = Object.values(data.issues?.fieldErrors ?? {})
    .flatMap((v) => (Array.isArray(v) ? v : []))
    .find((m): m is string => typeof m === 'string' && m.trim() !== '');
  if (field) return field;
  if (typeof data.error === 'string' && data.error.trim()) return data.error;
  return status === 0 ? 'Upload failed: the connection was lost.' : `Upload failed (${status})`;
}

/**
 * POST /api/bulk-upload/files (shared/api/upload.ts, for its progress), the metadata fields
 * before the file, so the server can refuse bad metadata before reading the file.
 */
export function uploadBulkFile(
  file: File,
  fields: BulkUploadFieldsInput,
  onProgress: (progress: UploadProgress) => void,
): BulkUploadHandle {
  const form = new FormData();
  form.append('title', fields.title);
  form.append('description', fields.description);
  form.append('isActive', fields.isActive);
  form.append('access', fields.access);
  form.append('file', file);
  const upload = sendUpload(BULK_UPLOAD_URL, form, {
    onProgress: (loaded, total) =>
      onProgress({
        percent: Math.min(100, Math.floor((loaded / total) * 100)),
        sent: loaded >= total,
      }),
    onSent: () => onProgress({ percent: 100, sent: true }),
  });
  const done = upload.done.then(({ status, body }) => {
    if (status === 201 && body && typeof body === 'object' && 'item' in body)
      return body as BulkUploadResult;
    throw new UploadFailedError(uploadErrorText(status, body), status, codeOf(body));
  });
  return { done, cancel: upload.cancel };
}
