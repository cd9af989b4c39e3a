import { readImpersonationToken, readStoredUser } from '../../../shared/session/auth-storage';
import { isPreviewRequesting, PREVIEW_MODE_HEADER } from '../../../shared/api/preview-requests';

export class UploadCancelledError extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadCancelledError';
  }
}

export interface UploadHandle {
  /** Resolves with the stored file's URL; rejects with the server's `error` or 'Upload failed ({status})'. */
  done: Promise<string>;
  cancel: () => void;
}

/**
 * POST /api/content/upload (multipart field `file`) with XMLHttpRequest, for upload progress
 * (fetch has none). `onProgress` gets whole percents.
 */
export function uploadFile(file: File, onProgress: (percent: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  let rejectDone: (reason: Error) => void = () => {};
  const done = new Promise<string>((resolve, reject) => {
    rejectDone = reject;
    xhr.open('POST', '/api/content/upload');
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    const role = readStoredUser()?.role;
    if (role) xhr.setRequestHeader('user-role', role);
    const token = readImpersonationToken();
    if (token) xhr.setRequestHeader('x-impersonation-token', token);
    if (isPreviewRequesting()) xhr.setRequestHeader(PREVIEW_MODE_HEADER, 'user');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: { url?: unknown; error?: unknown } | undefined;
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && typeof body?.url === 'string') {
        onProgress(100);
        resolve(body.url);
        return;
      }
      const error =
        typeof body?.error === 'string' && body.error.trim()
          ? body.error
          : `Upload failed (${xhr.status})`;
      reject(new Error(error));
    };
    xhr.onerror = () => reject(new Error(`Upload failed (${xhr.status})`));
    xhr.onabort = () => reject(new UploadCancelledError());
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
  return {
    done,
    cancel: () => {
      xhr.abort();
      // Settle at once: some environments never fire `abort` for a request still in flight.
      rejectDone(new UploadCancelledError());
    },
  };
}

/** Spec §8 "Upload and submit mapping". */
export function saveErrorMessage(message: string | undefined): string {
  if (!message) return 'Failed to save content. Please try again.';
  if (message.includes('File too large')) return 'File is too large. Maximum size is 100MB.';
  if (message.includes('Unsupported file type')) {
    return 'Unsupported file type. Supported audio formats: MP3, WAV, OGG, M4A, AAC.';
  }
  if (message.includes('Authentication'))
    return 'Authentication required. Please log in and try again.';
  return message;
}
