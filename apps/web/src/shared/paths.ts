/**
 * Every route of the web app: the pattern for the router and an href builder for links. Keys are
 * what the page is (roomChat, adminHome, assistantChat, agents); the URLs keep the spec's names
 * (/test-room, /main-dashboard, /simple-chat, /fast-redeploy): they are linked and bookmarked.
 */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  // `forgot`: with "Forgot password?" already open (where a dead reset link sends you).
  login: {
    path: '/login',
    getHref: (options?: { forgot?: boolean }) => (options?.forgot ? '/login?forgot=1' : '/login'),
  },
  // Where a mailed reset link leads (the API writes these links: auth/reset-link.ts).
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  profile: { path: '/profile', getHref: () => '/profile' },
  rooms: { path: '/rooms', getHref: () => '/rooms' },
  roomChat: { path: '/test-room/:id', getHref: (id: number | string) => `/test-room/${id}` },
  // One library item read or played in the app; ?page=N opens a PDF at page N (a Word file at
  // section N): where the advisor's citations lead (docs/library.md).
  library: {
    path: '/library/:contentId',
    getHref: (id: number | string, page?: number | null) =>
      `/library/${id}${page && page > 0 ? `?page=${page}` : ''}`,
  },
  contentManagement: { path: '/content-management', getHref: () => '/content-management' },
  adminHome: { path: '/main-dashboard', getHref: () => '/main-dashboard' },
  testStation: { path: '/test-station', getHref: () => '/test-station' },
  // Linked from the main navigation bar.
  assistantChat: { path: '/simple-chat', getHref: () => '/simple-chat' },
  ownerControl: { path: '/owner-control', getHref: () => '/owner-control' },
  bulkUpload: { path: '/bulk-upload', getHref: () => '/bulk-upload' },
  userManagement: { path: '/user-management', getHref: () => '/user-management' },
  companies: { path: '/companies', getHref: () => '/companies' },
  agents: { path: '/fast-redeploy', getHref: () => '/fast-redeploy' },
  // The Analytics menu.
  analyticsUsage: { path: '/analytics/usage', getHref: () => '/analytics/usage' },
  analyticsEngagement: { path: '/analytics/engagement', getHref: () => '/analytics/engagement' },
  analyticsKnowledgeGaps: {
    path: '/analytics/knowledge-gaps',
    getHref: () => '/analytics/knowledge-gaps',
  },
} as const;
