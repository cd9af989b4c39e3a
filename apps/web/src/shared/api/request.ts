import { readImpersonationToken, readStoredUser } from '../session/auth-storage';
import { isPreviewRequesting, PREVIEW_MODE_HEADER } from './preview-requests';

/** A request as endpoints describe it: a path (GET) or a path with method and body. */
export type ApiRequest =
  string | { url: string; method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; body?: unknown };

/**
 * Every failed request. `message` is '{status}: {body text or status text}' (spec §8);
 * `data` is the parsed JSON body ({ error, code, issues? } from our API) when there is one.
 */
export interface ApiQueryError {
  status: number | 'FETCH_ERROR';
  message: string;
  data?: unknown;
}

/**
 * What every call to the API sends besides its body: JSON accepted, the informational
 * `user-role`, the impersonation token when one is stored, and `x-preview-mode: user` while
 * admin preview mode is on (the server then serves an OWNER or ADMIN as a USER).
 */
export function sessionHeaders(): Headers {
  const headers = new Headers({ accept: 'application/json' });
  const role = readStoredUser()?.role;
  if (role) headers.set('user-role', role);
  const token = readImpersonationToken();
  if (token) headers.set('x-impersonation-token', token);
  if (isPreviewRequesting()) headers.set(PREVIEW_MODE_HEADER, 'user');
  return headers;
}

export function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The shared base query: session cookie included, JSON bodies, the informational `user-role`
 * header from the stored user, the impersonation token when a well-formed one is stored, and
 * `x-preview-mode: user` while admin preview mode is on.
 * It is hand-rolled rather than fetchBaseQuery so an error keeps the raw body text, and free of
 * RTK Query so the light public app (public/public-main.tsx) sends its few calls through it too.
 */
/** A request's outcome: the parsed answer, or the failure. */
export type RequestResult =
  { data: unknown; error?: undefined } | { error: ApiQueryError; data?: undefined };

export async function sendRequest(args: ApiRequest, signal?: AbortSignal): Promise<RequestResult> {
  const { url, method = 'GET', body } = typeof args === 'string' ? { url: args } : args;

  const headers = sessionHeaders();

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers.set('content-type', 'application/json');
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(new URL(url, window.location.href), {
      method,
      headers,
      body: payload,
      credentials: 'include',
      signal,
    });
  } catch (error) {
    return {
      error: {
        status: 'FETCH_ERROR',
        message: error instanceof Error ? error.message : String(error),
      },
    };
  }

  const text = await response.text().catch(() => '');
  const data = parseJson(text);
  if (!response.ok) {
    return {
      error: {
        status: response.status,
        message: `${response.status}: ${text || response.statusText}`,
        data,
      },
    };
  }
  return { data: data ?? null };
}

/** The server's error text from an ApiQueryError body, if it sent one. */
export function serverErrorText(error: unknown): string | undefined {
  const data = (error as { data?: unknown } | null)?.data;
  if (data && typeof data === 'object' && typeof (data as { error?: unknown }).error === 'string') {
    const text = (data as { error: string }).error.trim();
    return text || undefined;
  }
  return undefined;
}

/**
 * What to tell a person about a failed request: for a validation failure the first field
 * message (e.g. 'New password must be different from the current password'), otherwise the
 * server's error text. Undefined when the server sent neither.
 */
export function serverErrorDetail(error: unknown): string | undefined {
  const data = (error as { data?: unknown } | null)?.data as
    { issues?: { formErrors?: unknown; fieldErrors?: Record<string, unknown> } } | undefined;
  const issues = data && typeof data === 'object' ? data.issues : undefined;
  if (issues) {
    const messages = [
      ...(Array.isArray(issues.formErrors) ? issues.formErrors : []),
      ...Object.values(issues.fieldErrors ?? {}).flatMap((v) => (Array.isArray(v) ? v : [])),
    ].filter((m): m is string => typeof m === 'string' && m.trim() !== '');
    if (messages[0]) return messages[0];
  }
  return serverErrorText(error);
}

/** The server's stable error code from an ApiQueryError body, if it sent one. */
export function serverErrorCode(error: unknown): string | undefined {
  const data = (error as { data?: unknown } | null)?.data;
  const code = data && typeof data === 'object' ? (data as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** True for errors produced by the base query (as opposed to exceptions thrown in our code). */
export function isApiQueryError(error: unknown): error is ApiQueryError {
  return (
    typeof error === 'object' &&
    error !== null &&
    'status' in error &&
    'message' in error &&
    (typeof (error as ApiQueryError).status === 'number' ||
      (error as ApiQueryError).status === 'FETCH_ERROR')
  );
}
