import { beforeAll } from 'vitest';

/** The app's lazily loaded chunks a test file can draw, by name. */
const pages = {
  signedInShell: () => import('../app/routes/signed-in-shell'),
  publicPage: () => import('../app/routes/public-page'),
  dashboard: () => import('../features/content/dashboard/components/dashboard-page'),
  savedOffline: () => import('../features/content/dashboard/components/saved-offline-panels'),
  contentManagement: () => import('../features/content/manage/components/content-management-page'),
  bulkUpload: () => import('../features/content/bulk-upload/components/bulk-upload-page'),
  libraryItem: () => import('../features/content/library/components/library-item-page'),
  rooms: () => import('../features/rooms/components/rooms-page'),
  roomChat: () => import('../features/rooms/components/room-chat-page'),
  testStation: () => import('../features/rooms/test-station/components/test-station-page'),
  profile: () => import('../features/auth/profile/profile-page'),
  login: () => import('../features/auth/components/login-page'),
  resetPassword: () => import('../features/auth/components/reset-password-page'),
  landing: () => import('../features/landing/components/landing-page'),
  notFound: () => import('../features/not-found/components/not-found-page'),
  agents: () => import('../features/agents/components/agents-page'),
  assistantChat: () => import('../features/conversations/assistant/components/assistant-chat-page'),
  ownerHome: () => import('../app/routes/owner-home-routes'),
  voiceUsage: () => import('../features/analytics/components/voice-usage-page'),
  contentEngagement: () => import('../features/analytics/components/content-engagement-page'),
  knowledgeGaps: () => import('../features/analytics/components/knowledge-gaps-page'),
  userManagement: () => import('../features/people/users/components/user-management-page'),
  companies: () => import('../features/people/companies/components/companies-page'),
  adminPreview: () => import('../features/people/preview/components/admin-preview-overlay'),
};

/**
 * The app's pages are lazy chunks. Left to the first test of a file, transforming and running a
 * cold module graph takes its findBy time (5 s), and on a busy two-CPU machine more: the test
 * then fails on a page that was only slow to load. A file loads its pages before its first test,
 * with time of their own.
 */
export function loadPagesFirst(...names: Array<keyof typeof pages>): void {
  beforeAll(async () => {
    await Promise.all(names.map((name) => pages[name]()));
  }, 180_000);
}
