import type {
  Agent,
  AssignRoomUserBody,
  CreateRoomBody,
  CreateUserBody,
  OwnerRoom,
  OwnerUser,
  Room,
  RoomStatus,
  UpdateRoomBody,
} from '@fieldcraft/contracts';
import { api, uniqueEndpoints } from '../../shared/api/api';

const LIST = 'LIST' as const;

/** A room changed: both lists that show it (the user list and the owner list) refetch it. */
const roomTags = (id: number) => [
  { type: 'Room' as const, id },
  { type: 'OwnerRoom' as const, id },
];
const roomListTags = [
  { type: 'Room' as const, id: LIST },
  { type: 'OwnerRoom' as const, id: LIST },
];

export const roomsApi = api.injectEndpoints({
  overrideExisting: uniqueEndpoints,
  endpoints: (build) => ({
    /** Rooms the signed-in person may see (a USER: their own; an OWNER: all). */
    getUserRooms: build.query<Room[], void>({
      query: () => '/api/user/rooms',
      providesTags: (rooms = []) => [
        { type: 'Room', id: LIST },
        ...rooms.map((r) => ({ type: 'Room' as const, id: r.id })),
      ],
    }),
    getOwnerRooms: build.query<OwnerRoom[], void>({
      query: () => '/api/owner/rooms',
      providesTags: (rooms = []) => [
        { type: 'OwnerRoom', id: LIST },
        ...rooms.map((r) => ({ type: 'OwnerRoom' as const, id: r.id })),
      ],
    }),
    getOwnerUsers: build.query<OwnerUser[], void>({
      query: () => '/api/owner/users',
      providesTags: (users = []) => [
        { type: 'User', id: LIST },
        ...users.map((u) => ({ type: 'User' as const, id: u.id })),
      ],
    }),
    getAgents: build.query<Agent[], void>({
      query: () => '/api/agents',
      providesTags: (agents = []) => [
        { type: 'Agent', id: LIST },
        ...agents.map((a) => ({ type: 'Agent' as const, id: a.id })),
      ],
    }),
    createRoom: build.mutation<OwnerRoom, CreateRoomBody>({
      query: (body) => ({ url: '/api/owner/rooms', method: 'POST', body }),
      invalidatesTags: roomListTags,
    }),
    createUser: build.mutation<OwnerUser, CreateUserBody>({
      query: (body) => ({ url: '/api/users', method: 'POST', body }),
      invalidatesTags: [{ type: 'User', id: LIST }],
    }),
    assignRoomUser: build.mutation<unknown, { roomId: number } & AssignRoomUserBody>({
      query: ({ roomId, ...body }) => ({
        url: `/api/owner/rooms/${roomId}/users`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_r, _e, { roomId }) => roomTags(roomId),
    }),
    removeRoomUser: build.mutation<unknown, { roomId: number; userId: number }>({
      query: ({ roomId, userId }) => ({
        url: `/api/owner/rooms/${roomId}/users/${userId}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_r, _e, { roomId }) => roomTags(roomId),
    }),
    /** Edit Room: the form's fields change in place; the members stay. */
    updateRoom: build.mutation<OwnerRoom, { roomId: number; body: UpdateRoomBody }>({
      query: ({ roomId, body }) => ({ url: `/api/owner/rooms/${roomId}`, method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { roomId }) => roomTags(roomId),
    }),
    updateRoomStatus: build.mutation<unknown, { roomId: number; status: RoomStatus }>({
      query: ({ roomId, status }) => ({
        url: `/api/test-rooms/${roomId}/status`,
        method: 'PATCH',
        body: { status },
      }),
      invalidatesTags: (_r, _e, { roomId }) => roomTags(roomId),
    }),
    deleteRoom: build.mutation<unknown, { roomId: number }>({
      query: ({ roomId }) => ({ url: `/api/test-rooms/${roomId}`, method: 'DELETE' }),
      // The lists shrink, so their list tags go too, not only the room's own.
      invalidatesTags: (_r, _e, { roomId }) => [...roomTags(roomId), ...roomListTags],
    }),
  }),
});

export const {
  useGetUserRoomsQuery,
  useGetOwnerRoomsQuery,
  useGetOwnerUsersQuery,
  useGetAgentsQuery,
  useCreateRoomMutation,
  useCreateUserMutation,
  useAssignRoomUserMutation,
  useRemoveRoomUserMutation,
  useUpdateRoomMutation,
  useUpdateRoomStatusMutation,
  useDeleteRoomMutation,
} = roomsApi;
