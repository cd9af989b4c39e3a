import {
  ErrorCode,
  type BulkUploadFieldsInput,
  type BulkUploadResult,
} from '@fieldcraft/contracts';
import { readImpersonationToken, readStoredUser } from '../../../shared/session/auth-storage';

export const BULK_UPLOAD_URL = '/api/bulk-upload/files';

export class UploadCancelledError extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadCancelledError';
  }
}

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
 * POST /api/bulk-upload/files with XMLHttpRequest: fetch reports no upload progress. Sends
 * what the app's fetch helper sends (the session cookie, the informational user-role header
 * and the impersonation token) and the metadata fields before the file, so the server can
 * refuse bad metadata before reading the file.
 */
export function uploadBulkFile(
  file: File,
  fields: BulkUploadFieldsInput,
  onProgress: (progress: UploadProgress) => void,
): BulkUploadHandle {
  const xhr = new XMLHttpRequest();
  let settle: (reason: Error) => void = () => {};
  const done = new Promise<BulkUploadResult>((resolve, reject) => {
    settle = reject;
    xhr.open('POST', BULK_UPLOAD_URL);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    const role = readStoredUser()?.role;
    if (role) xhr.setRequestHeader('user-role', role);
    const token = readImpersonationToken();
    if (token) xhr.setRequestHeader('x-impersonation-token', token);
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable || event.total <= 0) return;
      const percent = Math.min(100, Math.floor((event.loaded / event.total) * 100));
      onProgress({ percent, sent: event.loaded >= event.total });
    };
    xhr.upload.onload = () => onProgress({ percent: 100, sent: true });
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status === 201 && body && typeof body === 'object' && 'item' in body) {
        resolve(body as BulkUploadResult);
        return;
      }
      reject(new UploadFailedError(uploadErrorText(xhr.status, body), xhr.status, codeOf(body)));
    };
    xhr.onerror = () =>
      reject(new UploadFailedError(uploadErrorText(xhr.status, undefined), xhr.status, undefined));
    xhr.onabort = () => reject(new UploadCancelledError());
    const form = new FormData();
    form.append('title', fields.title);
    form.append('description', fields.description);
    form.append('isActive', fields.isActive);
    form.append('access', fields.access);
    form.append('file', file);
    xhr.send(form);
  });
  return {
    done,
    cancel: () => {
      xhr.abort();
      // Settle at once: some environments never fire `abort` for a request in flight.
      settle(new UploadCancelledError());
    },
  };
}
