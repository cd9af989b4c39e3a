import { parseJson, sessionHeaders } from './request';

/** The person cancelled the upload (or the page did). */
export class UploadCancelledError extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadCancelledError';
  }
}

/** The server's answer to an upload; a lost connection is status 0 with no body. */
export interface UploadAnswer {
  status: number;
  /** The parsed JSON body, or undefined. */
  body: unknown;
}

export interface UploadOptions {
  /** Bytes sent so far, whenever the browser can tell. */
  onProgress?: (loaded: number, total: number) => void;
  /** Every byte is sent; the server is reading the file now. */
  onSent?: () => void;
}

export interface Upload {
  /** Resolves with the answer (whatever its status); rejects only with UploadCancelledError. */
  done: Promise<UploadAnswer>;
  cancel: () => void;
}

/**
 * POSTs a multipart form with XMLHttpRequest, because fetch reports no upload progress. Sends
 * what every API call sends (request.ts sessionHeaders): the session cookie, `user-role`, the
 * impersonation token and the preview-mode header.
 */
export function sendUpload(url: string, form: FormData, options: UploadOptions = {}): Upload {
  const xhr = new XMLHttpRequest();
  let settle: (reason: Error) => void = () => {};
  const done = new Promise<UploadAnswer>((resolve, reject) => {
    settle = reject;
    xhr.open('POST', url);
    xhr.withCredentials = true;
    sessionHeaders().forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        options.onProgress?.(event.loaded, event.total);
    };
    if (options.onSent) xhr.upload.onload = options.onSent;
    xhr.onload = () => resolve({ status: xhr.status, body: parseJson(xhr.responseText) });
    xhr.onerror = () => resolve({ status: xhr.status, body: undefined });
    xhr.onabort = () => reject(new UploadCancelledError());
    xhr.send(form);
  });
  return {
    done,
    cancel: () => {
      xhr.abort();
      // Settle at once: some environments never fire `abort` for a request still in flight.
      settle(new UploadCancelledError());
    },
  };
}
