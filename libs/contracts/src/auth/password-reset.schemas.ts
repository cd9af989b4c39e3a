import { z } from 'zod';
import { LoginBodySchema, RoleSchema } from './auth.schemas';

/** POST /api/auth/forgot-password: the email of the account that cannot sign in. */
export const ForgotPasswordBodySchema = LoginBodySchema.pick({ email: true });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>;

/** The same words whether or not an account has that email: nobody learns which exist. */
export const FORGOT_PASSWORD_ANSWER =
  'If an account uses that email, your company admin or the owner can now see your request and will give you a temporary password.';

/** The same, where the server mails reset links (SMTP set): the same words for every email. */
export const FORGOT_PASSWORD_MAILED_ANSWER =
  'If an account uses that email, we have sent it a link to choose a new password (it works for an hour). Your company admin or the owner can also see your request and give you a temporary password.';

export const ForgotPasswordResponseSchema = z.object({ message: z.string() });
export type ForgotPasswordResponse = z.infer<typeof ForgotPasswordResponseSchema>;

const newPassword = z
  .string({ error: 'New password must be at least 8 characters' })
  .min(8, { error: 'New password must be at least 8 characters' })
  .max(1024, { error: 'Password is too long' });

/**
 * POST /api/auth/reset-password: the token from a mailed reset link and the new password. Any
 * token that is not a live one is answered 400 INVALID_RESET_TOKEN, so its shape is not checked.
 */
export const ResetPasswordWithTokenBodySchema = z.object({
  token: z.string().min(1).max(256),
  newPassword,
});
export type ResetPasswordWithTokenBody = z.infer<typeof ResetPasswordWithTokenBodySchema>;

export const RESET_PASSWORD_DONE_ANSWER =
  'Your password has been changed and every device signed in to your account has been signed out. Sign in with your new password.';

export const INVALID_RESET_TOKEN_MESSAGE =
  'This reset link is invalid or has expired. Ask for a new one from the sign-in page.';

export const ResetPasswordWithTokenResponseSchema = z.object({ message: z.string() });
export type ResetPasswordWithTokenResponse = z.infer<typeof ResetPasswordWithTokenResponseSchema>;

const ResetPasswordFields = z.object({
  newPassword,
  confirmNewPassword: z.string().min(8, { error: 'Please confirm your new password' }),
});

/** The reset-link page's form: the change-password form's rules without the current password. */
export const ResetPasswordFormSchema = ResetPasswordFields.refine(
  (v) => v.newPassword === v.confirmNewPassword,
  {
    error: 'New passwords do not match',
    path: ['confirmNewPassword'],
    when: (p) => ResetPasswordFields.safeParse(p.value).success,
  },
);
export type ResetPasswordForm = z.infer<typeof ResetPasswordFormSchema>;

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
