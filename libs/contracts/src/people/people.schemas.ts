import { z } from 'zod';
import { RoleSchema, UserStatusSchema } from '../auth/auth.schemas';
import { RoomStatusSchema } from '../rooms/rooms.schemas';
import { CreateUserBodySchema, OwnerUserSchema } from '../users/users.schemas';

// People and companies: /user-management, /companies and impersonation.
// Who may do what is written in docs/people-and-companies.md.

/** A user as /user-management lists them: the owner's view plus company and deactivation. */
export const ManagedUserSchema = OwnerUserSchema.extend({
  companyName: z.string().nullable(),
  deactivatedAt: z.string().nullable(),
});
export type ManagedUser = z.infer<typeof ManagedUserSchema>;

export const UserStateFilterSchema = z.enum(['active', 'deactivated', 'all']);
export type UserStateFilter = z.infer<typeof UserStateFilterSchema>;

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** GET /api/people/users query. `companyId=none` lists users without a company. */
export const ManagedUserListQuerySchema = z.object({
  q: z.preprocess(emptyToUndefined, z.string().trim().max(200).optional()),
  role: z.preprocess(emptyToUndefined, RoleSchema.optional()),
  status: z.preprocess(emptyToUndefined, UserStatusSchema.optional()),
  companyId: z.preprocess(
    emptyToUndefined,
    z.union([z.literal('none'), z.coerce.number().int().positive()]).optional(),
  ),
  state: z.preprocess(emptyToUndefined, UserStateFilterSchema.default('all')),
});
export type ManagedUserListQuery = z.infer<typeof ManagedUserListQuerySchema>;
export type ManagedUserListQueryInput = z.input<typeof ManagedUserListQuerySchema>;

/** POST /api/people/users: the create-user rules plus an optional company. */
export const CreateManagedUserBodySchema = CreateUserBodySchema.extend({
  companyId: z.number().int().positive().nullable().optional(),
});
export type CreateManagedUserBody = z.infer<typeof CreateManagedUserBodySchema>;
export type CreateManagedUserInput = z.input<typeof CreateManagedUserBodySchema>;

/** PATCH /api/people/users/{id}: names, role, status and company (null: no company). */
export const UpdateManagedUserBodySchema = z
  .object({
    firstName: z
      .string()
      .trim()
      .min(1, { error: 'First name is required' })
      .max(100, { error: 'First name must be at most 100 characters' })
      .optional(),
    lastName: z
      .string()
      .trim()
      .min(1, { error: 'Last name is required' })
      .max(100, { error: 'Last name must be at most 100 characters' })
      .optional(),
    role: RoleSchema.optional(),
    status: UserStatusSchema.optional(),
    companyId: z.number().int().positive().nullable().optional(),
  })
  .strict();
export type UpdateManagedUserBody = z.infer<typeof UpdateManagedUserBodySchema>;

/**
 * POST /api/people/users/{id}/reset-password. Without `password` the server generates one.
 * 8+ characters: the user must be able to sign in with it (sign-in requires 8).
 */
export const ResetPasswordBodySchema = z
  .object({
    password: z
      .string()
      .min(8, { error: 'Temporary password must be at least 8 characters' })
      .max(1024, { error: 'Password is too long' })
      .optional(),
  })
  .strict();
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

/** The temporary password is shown once and never stored in clear. */
export const ResetPasswordResponseSchema = z.object({
  user: ManagedUserSchema,
  temporaryPassword: z.string(),
  generated: z.boolean(),
  sessionsRevoked: z.number().int(),
});
export type ResetPasswordResponse = z.infer<typeof ResetPasswordResponseSchema>;

export const UserRoomAccessSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: RoomStatusSchema,
  category: z.string(),
  companyId: z.number().int().nullable(),
});
export type UserRoomAccess = z.infer<typeof UserRoomAccessSchema>;

/** GET /api/people/users/{id}/access: rooms, content permissions and recent content clicks. */
export const UserAccessSchema = z.object({
  rooms: z.array(UserRoomAccessSchema),
  permissions: z.array(
    z.object({ contentId: z.number().int(), title: z.string(), canAccess: z.boolean() }),
  ),
  recentAccess: z.array(
    z.object({ contentId: z.number().int(), title: z.string(), accessedAt: z.string() }),
  ),
});
export type UserAccess = z.infer<typeof UserAccessSchema>;

/** A room as the people tools list it: with its company and members' ids. */
export const ManagedRoomSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: RoomStatusSchema,
  category: z.string(),
  companyId: z.number().int().nullable(),
  memberIds: z.array(z.number().int()),
});
export type ManagedRoom = z.infer<typeof ManagedRoomSchema>;

export const RoomMemberBodySchema = z.object({ userId: z.number().int().positive() });
export type RoomMemberBody = z.infer<typeof RoomMemberBodySchema>;

export const PeopleRoomParamsSchema = z.object({ roomId: z.coerce.number().int().positive() });
export const PeopleRoomMemberParamsSchema = PeopleRoomParamsSchema.extend({
  userId: z.coerce.number().int().positive(),
});

// --- Companies ---------------------------------------------------------------------------

export const CompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  userCount: z.number().int(),
  roomCount: z.number().int(),
  createdAt: z.string(),
});
export type Company = z.infer<typeof CompanySchema>;

const companyName = z
  .string({ error: 'Company name is required' })
  .trim()
  .min(1, { error: 'Company name is required' })
  .max(120, { error: 'Company name must be at most 120 characters' });

export const CreateCompanyBodySchema = z.object({ name: companyName });
export type CreateCompanyBody = z.infer<typeof CreateCompanyBodySchema>;
export const UpdateCompanyBodySchema = z.object({ name: companyName });
export type UpdateCompanyBody = z.infer<typeof UpdateCompanyBodySchema>;

export const CompanyIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const CompanyRoomParamsSchema = CompanyIdParamsSchema.extend({
  roomId: z.coerce.number().int().positive(),
});
export const CompanyUserParamsSchema = CompanyIdParamsSchema.extend({
  userId: z.coerce.number().int().positive(),
});

export const CompanyMemberUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: RoleSchema,
});

/** GET /api/companies/{id}: the company with its users and rooms. */
export const CompanyDetailSchema = CompanySchema.extend({
  users: z.array(CompanyMemberUserSchema),
  rooms: z.array(UserRoomAccessSchema.omit({ companyId: true })),
});
export type CompanyDetail = z.infer<typeof CompanyDetailSchema>;

export const AssignCompanyUserBodySchema = z.object({ userId: z.number().int().positive() });
export const AssignCompanyRoomBodySchema = z.object({ roomId: z.number().int().positive() });

// --- Impersonation ------------------------------------------------------------------------

export const ImpersonatedUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: RoleSchema,
});
export type ImpersonatedUser = z.infer<typeof ImpersonatedUserSchema>;

/** POST /api/people/users/{id}/impersonate. `token` has three dot-separated segments. */
export const ImpersonationStartSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  user: ImpersonatedUserSchema,
});
export type ImpersonationStart = z.infer<typeof ImpersonationStartSchema>;

/** GET /api/impersonation: whether this request is served as someone else. */
export const ImpersonationStatusSchema = z.object({
  active: z.boolean(),
  user: ImpersonatedUserSchema.nullable(),
  actor: ImpersonatedUserSchema.nullable(),
  expiresAt: z.string().nullable(),
});
export type ImpersonationStatus = z.infer<typeof ImpersonationStatusSchema>;
