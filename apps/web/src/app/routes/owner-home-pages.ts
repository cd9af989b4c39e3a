import { lazy } from 'react';

// The owner's home and the admin landing page: one chunk for both.
export const OwnerControlPage = lazy(() =>
  import('./owner-home-routes').then((m) => ({ default: m.OwnerControlRoute })),
);
export const AdminHomePage = lazy(() =>
  import('./owner-home-routes').then((m) => ({ default: m.AdminHomeRoute })),
);
