import { z } from 'zod';

/** Body of every non-2xx JSON answer from the API. `issues` only on 400 validation failures. */
export const ApiErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
  issues: z
    .object({
      formErrors: z.array(z.string()),
      fieldErrors: z.record(z.string(), z.array(z.string()).optional()),
    })
    .optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** Stable error codes shared by the API and the web app. */
export const ErrorCode = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  BAD_REQUEST: 'BAD_REQUEST',
  INVALID_JSON: 'INVALID_JSON',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  NOT_FOUND: 'NOT_FOUND',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  CSRF_REJECTED: 'CSRF_REJECTED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  RATE_LIMITED: 'RATE_LIMITED',
  PASSWORD_CHANGE_REQUIRED: 'PASSWORD_CHANGE_REQUIRED',
  CURRENT_PASSWORD_INCORRECT: 'CURRENT_PASSWORD_INCORRECT',
  // A reset link that is unknown, used, expired or of a deactivated account.
  INVALID_RESET_TOKEN: 'INVALID_RESET_TOKEN',
  USER_NOT_FOUND: 'USER_NOT_FOUND',
  LAST_OWNER: 'LAST_OWNER',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  USERNAME_TAKEN: 'USERNAME_TAKEN',
  ROOM_NOT_FOUND: 'ROOM_NOT_FOUND',
  AGENT_NOT_FOUND: 'AGENT_NOT_FOUND',
  CONTENT_NOT_FOUND: 'CONTENT_NOT_FOUND',
  FILE_NOT_FOUND: 'FILE_NOT_FOUND',
  RANGE_NOT_SATISFIABLE: 'RANGE_NOT_SATISFIABLE',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  // A client too slow to send its request (slow bodies).
  REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  // The voice runtime.
  ROOM_NOT_LIVE: 'ROOM_NOT_LIVE',
  CONVERSATION_NOT_FOUND: 'CONVERSATION_NOT_FOUND',
  AGENT_ID_TAKEN: 'AGENT_ID_TAKEN',
  AGENT_IN_USE: 'AGENT_IN_USE',
  UPSTREAM_FAILED: 'UPSTREAM_FAILED',
  // People, companies and impersonation.
  COMPANY_NOT_FOUND: 'COMPANY_NOT_FOUND',
  COMPANY_NAME_TAKEN: 'COMPANY_NAME_TAKEN',
  COMPANY_NOT_EMPTY: 'COMPANY_NOT_EMPTY',
  IMPERSONATION_FORBIDDEN: 'IMPERSONATION_FORBIDDEN',
  // Analytics.
  KNOWLEDGE_GAP_NOT_FOUND: 'KNOWLEDGE_GAP_NOT_FOUND',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
