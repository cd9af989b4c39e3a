import { configureStore } from '@reduxjs/toolkit';
import { api } from '../shared/api/api';
import { createLastSeenMiddleware } from '../shared/api/last-seen';
import { requestErrorsMiddleware } from './request-errors.middleware';
import { rootReducer, type AppDispatch, type RootState } from '../shared/store/root-reducer';

export type { AppDispatch, RootState } from '../shared/store/root-reducer';

/** Saves the signed-in user's last dashboard answers on this device (last-seen.ts). */
const lastSeenMiddleware = createLastSeenMiddleware(
  (state) => (state as RootState).api.queries['getAuthStatus(undefined)']?.data,
);

/** A fresh store (one per page load; one per test). */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware().concat(api.middleware, requestErrorsMiddleware, lastSeenMiddleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;

// The typed hooks (shared/store/hooks.ts) name the dispatch without importing app/; this fails
// to compile if the store's dispatch ever stops agreeing with it.
const _dispatchAgrees = (store: AppStore): AppDispatch => store.dispatch;
