import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { lastSeenRehydration } from './last-seen';
import { sendRequest, type ApiQueryError, type ApiRequest } from './request';

// The request itself and the error helpers live in request.ts (no RTK Query there).
export {
  isApiQueryError,
  serverErrorCode,
  serverErrorDetail,
  serverErrorText,
  type ApiQueryError,
  type ApiRequest,
} from './request';

/** Every endpoint's base query: sendRequest (request.ts) with the query's abort signal. */
export const baseQuery: BaseQueryFn<ApiRequest, unknown, ApiQueryError> = (args, { signal }) =>
  sendRequest(args, signal);

/**
 * Every feature's injectEndpoints passes this: two features naming an endpoint alike would
 * otherwise have the second silently replace the first (a new reset-link mutation once took
 * over User Management's Reset Password). It throws at import, so every test that loads both
 * fails. The dev server's hot reload injects a module's endpoints again: there they may be
 * replaced (tests and the build run in other modes).
 */
export const uniqueEndpoints: boolean | 'throw' =
  import.meta.env.MODE === 'development' ? true : 'throw';

/**
 * The app's only createApi. Features inject their endpoints (features/<f>/<f>.api.ts).
 * Nothing refetches on focus or reconnect, nothing is retried, and unused data is kept forever
 * unless an endpoint says otherwise (auth status: 10 minutes).
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'AuthStatus',
    'CurrentUser',
    'User',
    'Room',
    'OwnerRoom',
    'Agent',
    'VoiceAgent',
    'AgentUsage',
    'Content',
    'ManagedContent',
    'ContentAccess',
    'ContentPermission',
    'UserDashboard',
    'LoginStats',
    'Conversation',
    'VoiceStatus',
    'AdminSummary',
  ],
  keepUnusedDataFor: Infinity,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  endpoints: () => ({}),
  // The signed-in user's last dashboard, put back at start-up as stale entries (last-seen.ts).
  // Only the parts RTK Query reads on rehydration (queries, mutations, provided) are sent.
  extractRehydrationInfo: (action) => lastSeenRehydration(action) as never,
});
