import type {
  ContentAccessRecord,
  ContentBulkBody,
  ContentBulkResult,
  ContentPermission,
  CreateContentBody,
  ManagedContentItem,
  SetContentPermissionBody,
  UpdateContentBody,
  User,
} from '@fieldcraft/contracts';
import { api, uniqueEndpoints } from '../../../shared/api/api';

/** GET /api/users as the Access popover reads it. */
export type ContentUserRow = Pick<
  User,
  'id' | 'email' | 'username' | 'firstName' | 'lastName' | 'role'
>;

const LIST = 'LIST' as const;

/** A change to an item: the owner's list and the dashboard's list both refetch. */
const contentListTags = [
  { type: 'ManagedContent' as const, id: LIST },
  { type: 'Content' as const, id: LIST },
];

export const contentManagementApi = api.injectEndpoints({
  overrideExisting: uniqueEndpoints,
  endpoints: (build) => ({
    getManagedContent: build.query<ManagedContentItem[], void>({
      query: () => '/api/dashboard/content/manage',
      providesTags: (items = []) => [
        { type: 'ManagedContent', id: LIST },
        ...items.map((i) => ({ type: 'ManagedContent' as const, id: i.id })),
      ],
    }),
    getContentAccess: build.query<ContentAccessRecord[], void>({
      query: () => '/api/content/access',
      providesTags: [{ type: 'ContentAccess', id: LIST }],
    }),
    getContentPermissions: build.query<ContentPermission[], void>({
      query: () => '/api/content/permissions',
      providesTags: [{ type: 'ContentPermission', id: LIST }],
    }),
    getContentUsers: build.query<ContentUserRow[], void>({
      query: () => '/api/users',
      providesTags: [{ type: 'User', id: LIST }],
    }),
    createContent: build.mutation<ManagedContentItem, CreateContentBody>({
      query: (body) => ({ url: '/api/content/create-metadata', method: 'POST', body }),
      invalidatesTags: contentListTags,
    }),
    updateContent: build.mutation<ManagedContentItem, { id: number } & UpdateContentBody>({
      query: ({ id, ...body }) => ({ url: `/api/dashboard/content/${id}`, method: 'PATCH', body }),
      invalidatesTags: contentListTags,
    }),
    deleteContent: build.mutation<unknown, number>({
      query: (id) => ({ url: `/api/dashboard/content/${id}`, method: 'DELETE' }),
      invalidatesTags: [
        ...contentListTags,
        { type: 'ContentAccess', id: LIST },
        { type: 'ContentPermission', id: LIST },
      ],
    }),
    /** The table's bulk actions: one request over every selected item. */
    bulkContent: build.mutation<ContentBulkResult, ContentBulkBody>({
      query: (body) => ({ url: '/api/dashboard/content/bulk', method: 'POST', body }),
      invalidatesTags: [
        ...contentListTags,
        { type: 'ContentAccess', id: LIST },
        { type: 'ContentPermission', id: LIST },
      ],
    }),
    /** One user's grant or revoke; the bulk action sends one per user and refetches once. */
    setContentPermission: build.mutation<unknown, SetContentPermissionBody>({
      query: (body) => ({ url: '/api/content/permissions', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetManagedContentQuery,
  useGetContentAccessQuery,
  useGetContentPermissionsQuery,
  useGetContentUsersQuery,
  useCreateContentMutation,
  useUpdateContentMutation,
  useDeleteContentMutation,
  useSetContentPermissionMutation,
  useBulkContentMutation,
} = contentManagementApi;
