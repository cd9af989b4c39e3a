import type {
  AuthStatus,
  LoginResponse,
  LoginStats,
  User,
  UserDashboard,
  VoiceStatus,
} from '@fieldcraft/contracts';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** Every request the code under test makes must be answered by a handler. */
export const server = setupServer(
  http.get('/api/auth/status', () =>
    HttpResponse.json<AuthStatus>({ isAuthenticated: false, user: null }),
  ),
  // The signed-in dashboard's calls: an empty library and summary unless a test says otherwise.
  http.get('/api/dashboard/content', () => HttpResponse.json([])),
  http.get('/api/user/dashboard', () =>
    HttpResponse.json<UserDashboard>({
      rooms: [],
      newContent: [],
      newContentCount: 0,
      recentConversations: [],
      lastVisitAt: null,
    }),
  ),
  http.get('/api/user/login-stats', () =>
    HttpResponse.json<LoginStats>({ loginCount: 0, lastLoginAt: null }),
  ),
  // Where the user left off in videos and audio: nowhere yet.
  http.get('/api/content/positions', () => HttpResponse.json([])),
  // The room chat's calls: full speech support and no past conversations unless a test says otherwise.
  http.get('/api/voice/status', () =>
    HttpResponse.json<VoiceStatus>({
      speechSynthesis: { available: true, engine: 'flite' },
      speechRecognition: { available: true, engine: 'pocketsphinx' },
      languageModel: { configured: true },
      missing: [],
    }),
  ),
  http.get('/api/voice/rooms/:roomId/conversations', () => HttpResponse.json([])),
  // User management's "forgot password" requests: none unless a test says otherwise.
  http.get('/api/people/password-reset-requests', () => HttpResponse.json([])),
);

/** Start msw for this test file and reset handlers and browser storage between tests. */
export function setupMswServer(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    localStorage.clear();
    sessionStorage.clear();
  });
  afterAll(() => server.close());
}

export function signedIn(user: User): AuthStatus {
  return { isAuthenticated: true, user };
}

/** The login answer: the user's fields flattened, plus `user`. */
export function loginResponse(user: User): LoginResponse {
  return { ...user, user };
}

export function apiError(status: number, error: string, code: string) {
  return HttpResponse.json({ error, code }, { status });
}
