import { useCallback } from 'react';
import { useAppDispatch, useAppSelector } from './hooks';
import { ToastList } from './toast-list';
import { dismissToast, selectToasts } from './toasts.slice';

/** Renders the open toast(s) from the store into the F8-focusable notifications region. */
export function Toaster() {
  const toasts = useAppSelector(selectToasts);
  const dispatch = useAppDispatch();
  const onDismiss = useCallback((id: string) => dispatch(dismissToast(id)), [dispatch]);
  return <ToastList toasts={toasts} onDismiss={onDismiss} />;
}
