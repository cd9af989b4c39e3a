import { sendUpload } from '../../../shared/api/upload';

export interface UploadHandle {
  /** Resolves with the stored file's URL; rejects with the server's `error` or 'Upload failed ({status})'. */
  done: Promise<string>;
  cancel: () => void;
}

/** POST /api/content/upload (multipart field `file`). `onProgress` gets whole percents. */
export function uploadFile(file: File, onProgress: (percent: number) => void): UploadHandle {
  const form = new FormData();
  form.append('file', file);
  const upload = sendUpload('/api/content/upload', form, {
    onProgress: (loaded, total) => onProgress(Math.round((loaded / total) * 100)),
  });
  const done = upload.done.then(({ status, body }) => {
    const answer = body as { url?: unknown; error?: unknown } | undefined;
    if (status >= 200 && status < 300 && typeof answer?.url === 'string') {
      onProgress(100);
      return answer.url;
    }
    throw new Error(
      typeof answer?.error === 'string' && answer.error.trim()
        ? answer.error
        : `Upload failed (${status})`,
    );
  });
  return { done, cancel: upload.cancel };
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
