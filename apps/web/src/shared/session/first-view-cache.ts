import { FIRST_VIEW_CACHE } from '../../service-worker/cache-policy';

/**
 * Deletes the page the service worker keeps for the first view (service-worker/first-view.ts):
 * one user's dashboard, rendered by the server. Sign-out, another user signing in and the
 * global clear-auth call this, so a shared phone never opens with someone else's dashboard.
 * The whole cache goes, not its entries: a background refresh the worker started for the old
 * session then writes into the deleted cache, never the new one.
 */
export async function clearFirstViewCache(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(FIRST_VIEW_CACHE);
}
