/** Every route of the web app: the pattern for the router and an href builder for links. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  login: { path: '/login', getHref: () => '/login' },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  rooms: { path: '/rooms', getHref: () => '/rooms' },
  testRoom: { path: '/test-room/:id', getHref: (id: number | string) => `/test-room/${id}` },
  contentManagement: { path: '/content-management', getHref: () => '/content-management' },
  mainDashboard: { path: '/main-dashboard', getHref: () => '/main-dashboard' },
  testStation: { path: '/test-station', getHref: () => '/test-station' },
} as const;
