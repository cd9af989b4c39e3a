import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { api } from './api';
import { createLastSeenMiddleware } from './last-seen';
import { requestErrorsMiddleware } from './request-errors.middleware';
import { toastsSlice } from './toasts.slice';

export const rootReducer = combineSlices(api, toastsSlice);

export type RootState = ReturnType<typeof rootReducer>;

/** Saves the signed-in user's last dashboard answers on this device (last-seen.ts). */
const lastSeenMiddleware = createLastSeenMiddleware(
  (state) => (state as RootState).api.queries['getAuthStatus(undefined)']?.data,
);

/** A fresh store (one per page load; one per test). */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware, requestErrorsMiddleware, lastSeenMiddleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
