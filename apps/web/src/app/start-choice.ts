import { readImpersonationToken, readStoredUser } from '../shared/session/auth-storage';
import { paths } from '../shared/paths';

/**
 * Which app main.tsx starts (docs/field-readiness.md, "The light public app"). A visitor this
 * device knows nothing of, opening the landing page or the sign-in page, gets the light public
 * app: those two pages with React, the router and MUI, but no store and no RTK Query, so they
 * stay within the first-JavaScript budget on weak signal. Everyone else (a user this device
 * remembers, a first view drawn by the server, an impersonation hand-over, every other address)
 * gets the whole app. The public app hands the page over as soon as it learns there is a
 * session after all, or the visitor goes anywhere else.
 */
export function startsPublic(
  location: Pick<Location, 'pathname'> = window.location,
  doc: Document = document,
): boolean {
  return (
    (location.pathname === paths.home.getHref() || location.pathname === paths.login.getHref()) &&
    // FIRST_VIEW_ELEMENT_ID (first-view.ts), not imported: that module pulls the store's code in.
    !doc.getElementById('fieldcraft-first-view') &&
    readImpersonationToken() === null &&
    readStoredUser() === null
  );
}
