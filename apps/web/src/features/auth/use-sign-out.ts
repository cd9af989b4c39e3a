import { useCallback } from 'react';
import { useAppDispatch } from '../../shared/store/hooks';
import { signOut } from './sign-out';

/** A callback that signs the user out (see signOut). */
export function useSignOut() {
  const dispatch = useAppDispatch();
  return useCallback(() => {
    void dispatch(signOut());
  }, [dispatch]);
}
