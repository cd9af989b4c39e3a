import { useEffect } from 'react';

/** Calls `refetch` when the browser regains a connection (the 'online' event). */
export function useRefetchOnOnline(refetch: () => unknown, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const onOnline = () => void refetch();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [refetch, enabled]);
}
