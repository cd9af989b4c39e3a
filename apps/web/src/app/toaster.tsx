import { useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '../shared/store/hooks';
import { ToastList } from '../shared/toasts/toast-list';
import { dismissToast, selectToasts } from '../shared/toasts/toasts.slice';

/** Renders the open toast(s) from the store into the F8-focusable notifications region. */
export function Toaster() {
  const toasts = useAppSelector(selectToasts);
  const dispatch = useAppDispatch();
  const onDismiss = useCallback((id: string) => dispatch(dismissToast(id)), [dispatch]);
  return <ToastList toasts={toasts} onDismiss={onDismiss} />;
}
