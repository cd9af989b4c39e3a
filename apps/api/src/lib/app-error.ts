import type { ApiError, ErrorCode } from '@fieldcraft/contracts';

export interface AppErrorOptions {
  /** Extra response headers, e.g. Retry-After on 429. */
  headers?: Record<string, string>;
  /** Field messages, only with 400 VALIDATION_FAILED (same shape as z.flattenError). */
  issues?: ApiError['issues'];
}

/**
 * An error a caller may see: the error handler answers `statusCode` with
 * `{ error: message, code, issues? }`. Throw it from handlers, hooks and guards; anything
 * else becomes a generic 500.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly headers: Record<string, string>;
  readonly issues: ApiError['issues'];

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message);
    this.headers = options.headers ?? {};
    this.issues = options.issues;
  }
}
