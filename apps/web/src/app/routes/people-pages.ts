import { lazy } from 'react';

// People and companies: one chunk per page, like the other signed-in pages.
export const UserManagementPage = lazy(() =>
  import('../../features/people/users/components/user-management-page').then((m) => ({
    default: m.UserManagementPage,
  })),
);
export const CompaniesPage = lazy(() =>
  import('../../features/people/companies/components/companies-page').then((m) => ({
    default: m.CompaniesPage,
  })),
);
