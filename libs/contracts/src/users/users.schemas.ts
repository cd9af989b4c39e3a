import { z } from 'zod';
import { RoleSchema, UserStatusSchema } from '../auth/auth.schemas';

export const UserIdParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
});
export type UserIdParams = z.infer<typeof UserIdParamsSchema>;

/**
 * PATCH /api/users/{id}. A user may change their own password (and must send
 * `currentPassword`, which the server re-verifies); an OWNER may change anything of anyone.
 */
export const UpdateUserBodySchema = z
  .object({
    password: z
      .string()
      .min(8, { error: 'New password must be at least 8 characters' })
      .max(1024, { error: 'Password is too long' })
      .optional(),
    currentPassword: z.string().max(1024).optional(),
    passwordChangeRequired: z.boolean().optional(),
    requiresReset: z.boolean().optional(),
    firstName: z.string().trim().min(1, { error: 'First name is required' }).max(100).optional(),
    lastName: z.string().trim().min(1, { error: 'Last name is required' }).max(100).optional(),
    role: RoleSchema.optional(),
    status: UserStatusSchema.optional(),
  })
  .strict();
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;
