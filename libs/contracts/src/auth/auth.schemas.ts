import { z } from 'zod';

export const RoleSchema = z.enum(['OWNER', 'ADMIN', 'USER']);
export type Role = z.infer<typeof RoleSchema>;

export const UserStatusSchema = z.enum(['PENDING', 'ACTIVE']);
export type UserStatus = z.infer<typeof UserStatusSchema>;

/** The signed-in user as the API returns it (never the password hash). */
export const UserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: RoleSchema,
  status: UserStatusSchema,
  passwordChangeRequired: z.boolean(),
  requiresReset: z.boolean(),
  companyId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

const emailMessage = 'Please enter a valid email address';

/** Sign-in form and POST /api/auth/login body. The email is trimmed and lower-cased. */
export const LoginBodySchema = z.object({
  email: z
    .string({ error: emailMessage })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: emailMessage })),
  password: z
    .string({ error: 'Password must be at least 8 characters' })
    .min(8, { error: 'Password must be at least 8 characters' })
    .max(1024, { error: 'Password is too long' }),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** POST /api/auth/login answer: the user, flattened as the spec's sign-in screen reads it. */
export const LoginResponseSchema = UserSchema.extend({
  user: UserSchema,
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** GET /api/auth/status answer. */
export const AuthStatusSchema = z.object({
  isAuthenticated: z.boolean(),
  user: UserSchema.nullable(),
});
export type AuthStatus = z.infer<typeof AuthStatusSchema>;

const ChangePasswordFields = z.object({
  currentPassword: z.string().min(1, { error: 'Current password is required' }),
  newPassword: z.string().min(8, { error: 'New password must be at least 8 characters' }),
  confirmNewPassword: z.string().min(8, { error: 'Please confirm your new password' }),
});

/** The forced password change form (web only; the API gets UpdateUserBody). */
export const ChangePasswordFormSchema = ChangePasswordFields.refine(
  (v) => v.newPassword === v.confirmNewPassword,
  {
    error: 'New passwords do not match',
    path: ['confirmNewPassword'],
    // Only once both fields are otherwise valid, so each field shows one message.
    when: (p) => ChangePasswordFields.safeParse(p.value).success,
  },
);
export type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>;

const RegisterFields = z.object({
  firstName: z.string().min(2, { error: 'First name must be at least 2 characters' }),
  lastName: z.string().min(2, { error: 'Last name must be at least 2 characters' }),
  email: z.email({ error: emailMessage }),
  username: z.string().min(3, { error: 'Username must be at least 3 characters' }),
  password: z.string().min(8, { error: 'Password must be at least 8 characters' }),
  confirmPassword: z.string().min(8, { error: 'Please confirm your password' }),
});

/** The register schema the spec defines but never shows on screen. */
export const RegisterFormSchema = RegisterFields.refine((v) => v.password === v.confirmPassword, {
  error: 'Passwords do not match',
  path: ['confirmPassword'],
  when: (p) => RegisterFields.safeParse(p.value).success,
});
export type RegisterForm = z.infer<typeof RegisterFormSchema>;

export const LogoutResponseSchema = z.object({ success: z.literal(true) });
export type LogoutResponse = z.infer<typeof LogoutResponseSchema>;
