import { readImpersonationToken } from '../../shared/session/auth-storage';
import { isPreviewRequesting } from '../../shared/api/preview-requests';

/**
 * index.html asks for this address with `<link rel="preload" as="fetch">`, so the session check
 * starts while the scripts download instead of after they run (docs/field-readiness.md,
 * "Budgets"). The server ignores the query; it only keeps the preloaded answer apart from every
 * later check, so no later call can be handed that first answer.
 */
export const EARLY_STATUS_URL = '/api/auth/status?early=1';
export const STATUS_URL = '/api/auth/status';

let taken = false;

/**
 * The address of the next auth status call: the preloaded one once per page load, for the
 * first check. Not while impersonating or previewing, whose checks carry headers the preload
 * does not.
 */
export function authStatusUrl(): string {
  if (taken || readImpersonationToken() !== null || isPreviewRequesting()) return STATUS_URL;
  taken = true;
  return EARLY_STATUS_URL;
}
