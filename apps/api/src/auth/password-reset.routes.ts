import {
  ApiErrorSchema,
  ErrorCode,
  FORGOT_PASSWORD_ANSWER,
  FORGOT_PASSWORD_MAILED_ANSWER,
  ForgotPasswordBodySchema,
  ForgotPasswordResponseSchema,
  INVALID_RESET_TOKEN_MESSAGE,
  RESET_PASSWORD_DONE_ANSWER,
  ResetPasswordWithTokenBodySchema,
  ResetPasswordWithTokenResponseSchema,
} from '@fieldcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  countRequestsFrom,
  deleteStaleRequests,
  hasOpenRequest,
  insertResetRequest,
  resolveRequestsOf,
} from './password-reset.repository';
import { chargeResetAttempt } from './login-throttle';
import { mailResetLink } from './reset-link';
import {
  deleteUnusedResetTokens,
  findResetTokenUser,
  resetTokenHash,
  useResetToken,
} from './reset-tokens.repository';
import { deleteUserSessions } from './sessions.repository';
import { AppError } from '../lib/app-error';
import { assertStrongPassword } from '../lib/password-strength';
import { hashPassword } from '../lib/passwords';
import { insertAuditEntry } from '../audit/audit.repository';
import { revokeImpersonationsOf } from '../people/impersonation.repository';
import { findCredentialsByEmail, findUserById, updateUser } from '../people/users.repository';

const invalidToken = () =>
  new AppError(400, ErrorCode.INVALID_RESET_TOKEN, INVALID_RESET_TOKEN_MESSAGE);

/**
 * POST /api/auth/forgot-password (docs/account.md, "Forgot password"): a person who cannot sign
 * in asks for a reset; their company admin or the owner sees it and sets a temporary password.
 * With SMTP configured, an active account is also mailed a one-time link, used through
 * POST /api/auth/reset-password. One answer whatever the email, limited per address like
 * sign-in, and nothing about the account changes until a link is used: a request can neither
 * lock anyone out nor tell whether an account exists.
 */
const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, outbox } = app;
  const { publicUrl } = config;
  // loadConfig refuses this too; a configuration built in code must not mail links to nowhere.
  if (config.mail && !publicUrl) throw new Error('PUBLIC_URL: required when SMTP_URL is set');

  app.post(
    '/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Ask for a password reset; the same answer whether or not the email has an account',
        body: ForgotPasswordBodySchema,
        response: { 200: ForgotPasswordResponseSchema, 400: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request) => {
      const { windowMinutes, maxFailuresPerAddressAndAccount } = config.loginRateLimit;
      const since = new Date(Date.now() - windowMinutes * 60_000);
      // Counted per address over every email, so trying many emails is as limited as one.
      if ((await countRequestsFrom(db, request.ip, since)) >= maxFailuresPerAddressAndAccount) {
        throw new AppError(
          429,
          ErrorCode.RATE_LIMITED,
          `Too many requests. Please try again in ${windowMinutes} minutes.`,
          { headers: { 'retry-after': String(windowMinutes * 60) } },
        );
      }
      const found = await findCredentialsByEmail(db, request.body.email);
      const user = found && !found.deactivated ? found.user : null;
      const userId = user?.id ?? null;
      await db.transaction().execute(async (trx) => {
        await deleteStaleRequests(trx);
        // A second request while one is open adds nothing for the admin to see, only the count.
        const listed = userId !== null && !(await hasOpenRequest(trx, userId));
        await insertResetRequest(trx, listed ? userId : null, request.ip);
        if (listed) {
          await insertAuditEntry(trx, {
            actorId: null,
            action: 'auth.password_reset_request',
            targetType: 'user',
            targetId: userId,
            ip: request.ip,
          });
        }
      });
      if (user && publicUrl) {
        // After the answer, so its time and words are the same with or without a mail.
        outbox.later('password reset link not mailed', { userId: user.id }, async (mailer) => {
          await mailResetLink(db, mailer, publicUrl, user);
          request.log.info({ userId: user.id }, 'password reset link mailed');
        });
      }
      // Which words depends on the server's settings, never on the email asked about.
      return {
        message:
          outbox.enabled && publicUrl ? FORGOT_PASSWORD_MAILED_ANSWER : FORGOT_PASSWORD_ANSWER,
      };
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Set a new password with the token of a mailed reset link; ends every session of the account',
        body: ResetPasswordWithTokenBodySchema,
        response: {
          200: ResetPasswordWithTokenResponseSchema,
          400: ApiErrorSchema,
          429: ApiErrorSchema,
          503: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      await chargeResetAttempt(db, config.loginRateLimit, request.ip);
      const { token, newPassword } = request.body;
      const tokenHash = resetTokenHash(token);
      const userId = await findResetTokenUser(db, tokenHash);
      const user = userId === undefined ? undefined : await findUserById(db, userId);
      if (!user) throw invalidToken();
      // Checked before the token is spent: a refused password leaves the link usable.
      assertStrongPassword(newPassword, 'newPassword', [
        user.email,
        user.username,
        user.firstName,
        user.lastName,
      ]);
      const passwordHash = await hashPassword(newPassword);
      await db.transaction().execute(async (trx) => {
        if (!(await useResetToken(trx, tokenHash, user.id))) throw invalidToken();
        // The person chose this password themselves: like their own change, it clears the
        // forced-change flags and activates an invited account.
        await updateUser(trx, user.id, {
          passwordHash,
          passwordChangeRequired: false,
          requiresReset: false,
          ...(user.status === 'PENDING' && { status: 'ACTIVE' as const }),
        });
        await deleteUnusedResetTokens(trx, user.id);
        const sessionsRevoked = await deleteUserSessions(trx, user.id);
        await revokeImpersonationsOf(trx, user.id);
        const requestsAnswered = await resolveRequestsOf(trx, user.id, user.id);
        await insertAuditEntry(trx, {
          actorId: user.id,
          action: 'auth.password_reset_by_link',
          targetType: 'user',
          targetId: user.id,
          details: { sessionsRevoked, ...(requestsAnswered > 0 && { requestsAnswered }) },
          ip: request.ip,
        });
      });
      return { message: RESET_PASSWORD_DONE_ANSWER };
    },
  );
};

export default passwordResetRoutes;
