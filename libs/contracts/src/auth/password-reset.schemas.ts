import { z } from 'zod';
import { LoginBodySchema, RoleSchema } from './auth.schemas';

/** POST /api/auth/forgot-password: the email of the account that cannot sign in. */
export const ForgotPasswordBodySchema = LoginBodySchema.pick({ email: true });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>;

/** The same words whether or not an account has that email: nobody learns which exist. */
export const FORGOT_PASSWORD_ANSWER =
  'If an account uses that email, your company admin or the owner can now see your request and will give you a temporary password.';

export const ForgotPasswordResponseSchema = z.object({ message: z.string() });
export type ForgotPasswordResponse = z.infer<typeof ForgotPasswordResponseSchema>;

/** GET /api/people/password-reset-requests: an open request, as the owner or admin sees it. */
export const PasswordResetRequestSchema = z.object({
  id: z.number().int(),
  requestedAt: z.string(),
  user: z.object({
    id: z.number().int(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    role: RoleSchema,
  }),
});
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;
