import { lazy } from 'react';
import { preloadable } from './preloadable';

// One chunk per signed-in page, so the landing and login bundles never carry them.
// The dashboard and the shell can be loaded before the first render: over the server's first
// view, main.tsx waits for them so React never draws a loading state on top of it.
export const DashboardPage = preloadable(() =>
  import('../../features/content/dashboard/components/dashboard-page').then((m) => m.DashboardPage),
);
export const RoomsPage = lazy(() =>
  import('../../features/rooms/components/rooms-page').then((m) => ({ default: m.RoomsPage })),
);
export const RoomChatPage = lazy(() =>
  import('../../features/rooms/components/room-chat-page').then((m) => ({
    default: m.RoomChatPage,
  })),
);
export const ContentManagementPage = lazy(() =>
  import('../../features/content/manage/components/content-management-page').then((m) => ({
    default: m.ContentManagementPage,
  })),
);
export const TestStationPage = lazy(() =>
  import('../../features/rooms/test-station/components/test-station-page').then((m) => ({
    default: m.TestStationPage,
  })),
);
export const ProfilePage = lazy(() =>
  import('../../features/auth/profile/profile-page').then((m) => ({ default: m.ProfilePage })),
);
export const SignedInShell = preloadable(() => import('./signed-in-shell').then((m) => m.default));
export const PublicPage = lazy(() => import('./public-page'));
export const AdminPreviewOverlay = lazy(() =>
  import('../../features/people/preview/components/admin-preview-overlay').then((m) => ({
    default: m.AdminPreviewOverlay,
  })),
);
