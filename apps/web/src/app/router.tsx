import type { Role } from '@fieldcraft/contracts';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { paths } from '../shared/paths';
import { RootLayout } from './root-layout';
import { GuardedPage } from './routes/guarded-page';
import { HomeRoute } from './routes/home-route';
import {
  ContentManagementPage,
  DashboardPage,
  ProfilePage,
  PublicPage,
  RoomChatPage,
  RoomsPage,
  TestStationPage,
} from './routes/pages';
// The dashboard without signal: files saved for offline use.
import { OfflineDashboardPage } from './routes/offline-pages';
// People and companies.
import { CompaniesPage, UserManagementPage } from './routes/people-pages';
// Assistant chat and agents.
import { AgentsPage, AssistantChatPage } from './routes/assistant-pages';
// The owner's home and the admin landing page.
import { AdminHomePage, OwnerControlPage } from './routes/owner-home-pages';
// Bulk upload.
import { BulkUploadPage } from './routes/bulk-upload-pages';
// The library's in-app reader and player.
import { LibraryItemPage } from './routes/library-pages';
// Analytics.
import { ContentEngagementPage, KnowledgeGapsPage, VoiceUsagePage } from './routes/analytics-pages';

const everyone: readonly Role[] = ['OWNER', 'ADMIN', 'USER'];
const owners: readonly Role[] = ['OWNER'];
const admins: readonly Role[] = ['OWNER', 'ADMIN'];

/** The route table (spec §2). Exported so tests can mount it in a memory router. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: paths.home.path, element: <HomeRoute /> },
      { path: paths.login.path, element: <PublicPage page="login" /> },
      { path: paths.resetPassword.path, element: <PublicPage page="resetPassword" /> },
      {
        path: paths.dashboard.path,
        element: (
          <GuardedPage
            page={DashboardPage}
            allowedRoles={everyone}
            offlinePage={OfflineDashboardPage}
          />
        ),
      },
      {
        path: paths.profile.path,
        element: <GuardedPage page={ProfilePage} allowedRoles={everyone} />,
      },
      {
        path: paths.library.path,
        element: <GuardedPage page={LibraryItemPage} allowedRoles={everyone} />,
      },
      {
        path: paths.rooms.path,
        element: <GuardedPage page={RoomsPage} allowedRoles={everyone} area="rooms" />,
      },
      {
        path: paths.roomChat.path,
        element: <GuardedPage page={RoomChatPage} allowedRoles={everyone} area="rooms" />,
      },
      {
        path: paths.contentManagement.path,
        element: <GuardedPage page={ContentManagementPage} allowedRoles={owners} />,
      },
      {
        path: paths.adminHome.path,
        element: <GuardedPage page={AdminHomePage} allowedRoles={admins} area="rooms" />,
      },
      { path: paths.testStation.path, element: <GuardedPage page={TestStationPage} /> },
      // People and companies: OWNER and ADMIN; anyone else → /test-station.
      {
        path: paths.userManagement.path,
        element: <GuardedPage page={UserManagementPage} allowedRoles={admins} area="rooms" />,
      },
      {
        path: paths.companies.path,
        element: <GuardedPage page={CompaniesPage} allowedRoles={admins} area="rooms" />,
      },
      // Assistant chat (OWNER, and an ADMIN over what they may see) and agents (OWNER).
      {
        path: paths.assistantChat.path,
        element: <GuardedPage page={AssistantChatPage} allowedRoles={admins} area="rooms" />,
      },
      {
        path: paths.agents.path,
        element: <GuardedPage page={AgentsPage} allowedRoles={owners} area="rooms" />,
      },
      {
        path: paths.ownerControl.path,
        element: <GuardedPage page={OwnerControlPage} allowedRoles={owners} area="rooms" />,
      },
      // Bulk upload: OWNER only, like Content Management.
      {
        path: paths.bulkUpload.path,
        element: <GuardedPage page={BulkUploadPage} allowedRoles={owners} />,
      },
      // Analytics: OWNER only, like the navigation's Analytics menu.
      {
        path: paths.analyticsUsage.path,
        element: <GuardedPage page={VoiceUsagePage} allowedRoles={owners} area="rooms" />,
      },
      {
        path: paths.analyticsEngagement.path,
        element: <GuardedPage page={ContentEngagementPage} allowedRoles={owners} area="rooms" />,
      },
      {
        path: paths.analyticsKnowledgeGaps.path,
        element: <GuardedPage page={KnowledgeGapsPage} allowedRoles={owners} area="rooms" />,
      },
      { path: '*', element: <PublicPage page="notFound" /> },
    ],
  },
];

/**
 * The route table drawn at the router's location. Declarative mode (a BrowserRouter around this,
 * app.tsx) rather than a data router: the app has no loaders, actions or fetchers, and the data
 * router costs about 17 KB more gzip in the entry (docs/field-readiness.md, "Budgets").
 */
export function AppRoutes() {
  return useRoutes(routes);
}
