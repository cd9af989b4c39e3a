import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import { config } from '../config';

export type ToastVariant = 'default' | 'destructive';

export interface Toast {
  id: string;
  title?: string;
  description?: string;
  variant: ToastVariant;
  /** False once dismissed; the entry is dropped later (config.toast.removeDelayMs). */
  open: boolean;
}

export type ToastInput = Omit<Toast, 'id' | 'open' | 'variant'> & { variant?: ToastVariant };

interface ToastsState {
  toasts: Toast[];
}

const initialState: ToastsState = { toasts: [] };

/** Toasts: newest first, at most config.toast.limit (1) kept, so a new toast replaces the old. */
export const toastsSlice = createSlice({
  name: 'toasts',
  initialState,
  reducers: {
    toastAdded: {
      reducer(state, action: PayloadAction<Toast>) {
        state.toasts = [action.payload, ...state.toasts].slice(0, config.toast.limit);
      },
      prepare(input: ToastInput) {
        return {
          payload: { id: nanoid(), variant: 'default' as ToastVariant, ...input, open: true },
        };
      },
    },
    toastUpdated(state, action: PayloadAction<Partial<Toast> & { id: string }>) {
      state.toasts = state.toasts.map((t) =>
        t.id === action.payload.id ? { ...t, ...action.payload } : t,
      );
    },
    /** Dismiss one toast, or all of them without an id. */
    toastDismissed(state, action: PayloadAction<string | undefined>) {
      for (const toast of state.toasts) {
        if (action.payload === undefined || toast.id === action.payload) toast.open = false;
      }
    },
    toastRemoved(state, action: PayloadAction<string | undefined>) {
      state.toasts =
        action.payload === undefined ? [] : state.toasts.filter((t) => t.id !== action.payload);
    },
  },
  selectors: {
    selectToasts: (state) => state.toasts,
  },
});

/** Show a toast: `dispatch(showToast({ title, description, variant }))`. */
export const showToast = toastsSlice.actions.toastAdded;
export const { toastUpdated, toastDismissed, toastRemoved } = toastsSlice.actions;
export const { selectToasts } = toastsSlice.selectors;

/** Close a toast now and drop it from the store after config.toast.removeDelayMs. */
export const dismissToast =
  (id: string) => (dispatch: (action: PayloadAction<string | undefined>) => void) => {
    dispatch(toastDismissed(id));
    setTimeout(() => dispatch(toastRemoved(id)), config.toast.removeDelayMs);
  };
