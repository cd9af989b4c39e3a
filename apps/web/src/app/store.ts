import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { api } from './api';
import { requestErrorsMiddleware } from './request-errors.middleware';
import { toastsSlice } from './toasts.slice';

export const rootReducer = combineSlices(api, toastsSlice);

export type RootState = ReturnType<typeof rootReducer>;

/** A fresh store (one per page load; one per test). */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware, requestErrorsMiddleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
