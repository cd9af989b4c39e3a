import type { Company, CompanyDetail, ManagedRoom, ManagedUser } from '@fieldcraft/contracts';
import { api, uniqueEndpoints } from '../../../shared/api/api';

const LIST = 'LIST' as const;

const companyChanged = (id: number) => [
  { type: 'Company' as const, id },
  { type: 'Company' as const, id: LIST },
  // Users and rooms show their company in the people screens.
  { type: 'ManagedUser' as const, id: LIST },
  { type: 'ManagedRoom' as const, id: LIST },
];

export const companiesApi = api
  .enhanceEndpoints({ addTagTypes: ['Company', 'ManagedUser', 'ManagedRoom'] })
  .injectEndpoints({
    overrideExisting: uniqueEndpoints,
    endpoints: (build) => ({
      getCompanies: build.query<Company[], void>({
        query: () => '/api/companies',
        providesTags: (companies = []) => [
          { type: 'Company', id: LIST },
          ...companies.map((c) => ({ type: 'Company' as const, id: c.id })),
        ],
      }),
      getCompany: build.query<CompanyDetail, number>({
        query: (id) => `/api/companies/${id}`,
        providesTags: (_r, _e, id) => [{ type: 'Company', id }],
      }),
      createCompany: build.mutation<Company, { name: string }>({
        query: (body) => ({ url: '/api/companies', method: 'POST', body }),
        invalidatesTags: [{ type: 'Company', id: LIST }],
      }),
      renameCompany: build.mutation<Company, { id: number; name: string }>({
        query: ({ id, name }) => ({ url: `/api/companies/${id}`, method: 'PATCH', body: { name } }),
        invalidatesTags: (_r, _e, { id }) => companyChanged(id),
      }),
      deleteCompany: build.mutation<{ success: true }, number>({
        query: (id) => ({ url: `/api/companies/${id}`, method: 'DELETE' }),
        invalidatesTags: (_r, _e, id) => companyChanged(id),
      }),
      setCompanyMember: build.mutation<
        { success: true },
        { id: number; kind: 'users' | 'rooms'; memberId: number; member: boolean }
      >({
        query: ({ id, kind, memberId, member }) =>
          member
            ? {
                url: `/api/companies/${id}/${kind}`,
                method: 'POST',
                body: kind === 'users' ? { userId: memberId } : { roomId: memberId },
              }
            : { url: `/api/companies/${id}/${kind}/${memberId}`, method: 'DELETE' },
        // Moving someone in takes them out of another company: every company may change.
        invalidatesTags: (_r, _e, { id }) => [...companyChanged(id), { type: 'Company', id: LIST }],
      }),
      /** Everyone the owner could add (the people list, unfiltered). */
      getCompanyUserChoices: build.query<ManagedUser[], void>({
        query: () => '/api/people/users',
        providesTags: [{ type: 'ManagedUser', id: LIST }],
      }),
      getCompanyRoomChoices: build.query<ManagedRoom[], void>({
        query: () => '/api/people/rooms',
        providesTags: [{ type: 'ManagedRoom', id: LIST }],
      }),
    }),
  });

export const {
  useGetCompaniesQuery,
  useGetCompanyQuery,
  useCreateCompanyMutation,
  useRenameCompanyMutation,
  useDeleteCompanyMutation,
  useSetCompanyMemberMutation,
  useGetCompanyUserChoicesQuery,
  useGetCompanyRoomChoicesQuery,
} = companiesApi;
