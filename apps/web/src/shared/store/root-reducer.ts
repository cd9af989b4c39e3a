import {
  combineSlices,
  type Dispatch,
  type ThunkDispatch,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { api } from '../api/api';
import { toastsSlice } from '../toasts/toasts.slice';

/** The whole store's state: the one API cache and the toasts. app/store.ts builds the store on it. */
export const rootReducer = combineSlices(api, toastsSlice);

export type RootState = ReturnType<typeof rootReducer>;

/** The store's dispatch: thunks and plain actions (app/store.ts checks its store agrees). */
export type AppDispatch = ThunkDispatch<RootState, undefined, UnknownAction> &
  Dispatch<UnknownAction>;
