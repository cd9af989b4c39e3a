import { useCallback } from 'react';
import { serverErrorDetail } from '../../shared/api/api';
import { useAppDispatch } from '../../shared/store/hooks';
import { showToast } from '../../shared/toasts/toasts.slice';

export type OwnerActionResult = { ok: true; message: string } | { ok: false; message: string };

/**
 * Runs an owner mutation and toasts its outcome (spec §8): 'Success' with the given words, or a
 * destructive 'Error' with the server's message, else the fallback ('Failed to create room').
 * Dialogs also show the returned message inline: an open modal hides the toasts from
 * assistive technology.
 */
export function useOwnerAction() {
  const dispatch = useAppDispatch();
  return useCallback(
    async (
      request: { unwrap: () => Promise<unknown> },
      success: string,
      fallback: string,
    ): Promise<OwnerActionResult> => {
      try {
        await request.unwrap();
        dispatch(showToast({ title: 'Success', description: success }));
        return { ok: true, message: success };
      } catch (error) {
        const message = serverErrorDetail(error) ?? fallback;
        dispatch(showToast({ variant: 'destructive', title: 'Error', description: message }));
        return { ok: false, message };
      }
    },
    [dispatch],
  );
}
