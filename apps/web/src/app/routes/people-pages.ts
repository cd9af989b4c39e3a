import { lazy } from 'react';

// People and companies (issue 7): one chunk per page, like the other signed-in pages.
export const UserManagementPage = lazy(() =>
  import('../../features/user-management/components/user-management-page').then((m) => ({
    default: m.UserManagementPage,
  })),
);
export const CompaniesPage = lazy(() =>
  import('../../features/companies/components/companies-page').then((m) => ({
    default: m.CompaniesPage,
  })),
);
