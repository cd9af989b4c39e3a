import {
  ApiErrorSchema,
  ErrorCode,
  FORGOT_PASSWORD_ANSWER,
  ForgotPasswordBodySchema,
  ForgotPasswordResponseSchema,
} from '@fieldcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  countRequestsFrom,
  deleteStaleRequests,
  hasOpenRequest,
  insertResetRequest,
} from './password-reset.repository';
import { AppError } from '../lib/app-error';
import { insertAuditEntry } from '../audit/audit.repository';
import { findCredentialsByEmail } from '../people/users.repository';

/**
 * POST /api/auth/forgot-password (docs/account.md, "Forgot password"): a person who cannot sign
 * in asks for a reset; their company admin or the owner sees it and sets a temporary password.
 * One answer whatever the email, limited per address like sign-in, and nothing about the account
 * changes: a request can neither lock anyone out nor tell whether an account exists.
 */
const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;

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
      const userId = found && !found.deactivated ? found.user.id : null;
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
      return { message: FORGOT_PASSWORD_ANSWER };
    },
  );
};

export default passwordResetRoutes;
