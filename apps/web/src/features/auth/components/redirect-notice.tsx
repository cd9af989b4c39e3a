import { LoadingState } from '@fieldcraft/ui';
import { Navigate } from 'react-router-dom';

/** Says where the user is being sent while the router moves them there. */
export function RedirectNotice({ to, label }: { to: string; label: string }) {
  return (
    <>
      <LoadingState fullScreen label={label} />
      <Navigate to={to} replace />
    </>
  );
}
