import { FORGOT_PASSWORD_MAILED_ANSWER, RESET_PASSWORD_DONE_ANSWER } from '@fieldcraft/contracts';
import { sql } from 'kysely';
import { createHash } from 'node:crypto';
import { afterAll, beforeEach, expect, it } from 'vitest';
import { WEAK_PASSWORD_MESSAGE } from '../lib/password-strength';
import { DEFAULT_PASSWORD, describeEachDatabase } from '../test/test-app';
import { startSmtpServer } from '../test/smtp-server';

// "Forgot password" with SMTP settings: a real SMTP server in this process receives the mail,
// and the link in it is what resets the password (docs/account.md, "Forgot password").
const smtp = await startSmtpServer();
afterAll(() => smtp.close());
beforeEach(() => smtp.clear());

const PUBLIC_URL = 'https://fieldcraft.test';
const FROM = 'Fieldcraft <no-reply@fieldcraft.test>';
const NEW_PASSWORD = 'tarp-lintel-quarry-87';
const LINK = /https:\/\/fieldcraft\.test\/reset-password\?token=([A-Za-z0-9_-]{43})/g;

describeEachDatabase(
  'reset link by email',
  (ctx) => {
    const ask = (email: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const reset = (token: string, newPassword = NEW_PASSWORD, remoteAddress = '198.51.100.9') =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, newPassword },
        remoteAddress,
      });
    /** Asks, waits for the mail to be sent, and returns the tokens of the links received. */
    async function askAndRead(email: string): Promise<string[]> {
      const res = await ask(email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: FORGOT_PASSWORD_MAILED_ANSWER });
      await ctx.app.outbox.idle();
      return smtp.received.flatMap((m) => [
        ...new Set([...m.source.matchAll(LINK)].map((match) => match[1] as string)),
      ]);
    }
    const tokenRows = () =>
      ctx.db.selectFrom('password_reset_tokens').selectAll().orderBy('id').execute();
    const userStatus = (cookie: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });

    it('mails a link that sets a new password once, and ends every session', async () => {
      const dana = await ctx.createUser({ email: 'dana@example.com', firstName: 'Dana' });
      const phone = (await ctx.login('dana@example.com', DEFAULT_PASSWORD)).cookie as string;
      const laptop = (await ctx.login('dana@example.com', DEFAULT_PASSWORD)).cookie as string;

      const [token, ...others] = await askAndRead('dana@example.com');
      expect(others).toEqual([]);
      const [mail] = smtp.received;
      expect(mail).toMatchObject({ user: 'mailer', from: 'no-reply@fieldcraft.test' });
      expect(mail?.to).toEqual(['dana@example.com']);
      expect(mail?.source).toContain('Subject: Reset your password');
      expect(mail?.source).toContain(`<a href="${PUBLIC_URL}/reset-password?token=${token}">`);
      // Only the token's hash is stored, with its hour.
      const [row] = await tokenRows();
      expect(row?.token_hash).toBe(
        createHash('sha256')
          .update(token as string)
          .digest('hex'),
      );
      const lifetime = (row!.expires_at.getTime() - row!.created_at.getTime()) / 60_000;
      expect(lifetime).toBeCloseTo(60, 1);
      // Nothing changed yet: the old password and the sessions still work.
      expect((await userStatus(phone)).statusCode).toBe(200);

      // A password the other routes refuse is refused here too, and the link stays usable.
      const weak = await reset(token as string, 'password1');
      expect(weak.statusCode).toBe(400);
      expect(weak.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        issues: { fieldErrors: { newPassword: [WEAK_PASSWORD_MESSAGE] } },
      });

      const done = await reset(token as string);
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ message: RESET_PASSWORD_DONE_ANSWER });
      expect((await userStatus(phone)).statusCode).toBe(401);
      expect((await userStatus(laptop)).statusCode).toBe(401);
      expect((await ctx.login('dana@example.com', DEFAULT_PASSWORD)).status).toBe(401);
      expect((await ctx.login('dana@example.com', NEW_PASSWORD)).status).toBe(200);

      const again = await reset(token as string, 'another-tarp-lintel-42');
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ code: 'INVALID_RESET_TOKEN' });
      expect((await tokenRows())[0]?.used_at).toBeInstanceOf(Date);

      // The open request is answered by the person themselves, and the reset is audited.
      const request = await ctx.db
        .selectFrom('password_reset_requests')
        .select(['resolved_at', 'resolved_by'])
        .executeTakeFirstOrThrow();
      expect(request.resolved_by).toBe(dana.id);
      const audit = await ctx.db
        .selectFrom('audit_log')
        .select(['actor_id', 'target_id', 'details'])
        .where('action', '=', 'auth.password_reset_by_link')
        .execute();
      expect(audit).toEqual([
        {
          actor_id: dana.id,
          target_id: String(dana.id),
          details: { sessionsRevoked: 2, requestsAnswered: 1 },
        },
      ]);
    });

    it('a new request replaces the earlier link; an invited account is activated', async () => {
      await ctx.createUser({ email: 'nia@example.com', status: 'PENDING' });
      const [first] = await askAndRead('nia@example.com');
      smtp.clear();
      const [second] = await askAndRead('nia@example.com');
      expect(second).not.toBe(first);
      expect(await tokenRows()).toHaveLength(1);
      expect((await reset(first as string)).json()).toMatchObject({ code: 'INVALID_RESET_TOKEN' });
      expect((await reset(second as string)).statusCode).toBe(200);
      const signedIn = await ctx.login('nia@example.com', NEW_PASSWORD);
      expect(signedIn.body).toMatchObject({ status: 'ACTIVE', passwordChangeRequired: false });
    });

    it('refuses an expired link and leaves the password as it was', async () => {
      await ctx.createUser({ email: 'sam@example.com' });
      const [token] = await askAndRead('sam@example.com');
      await ctx.db
        .updateTable('password_reset_tokens')
        .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
        .execute();
      const res = await reset(token as string);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_RESET_TOKEN' });
      expect(res.json().error).toMatch(/invalid or has expired/);
      expect((await ctx.login('sam@example.com', DEFAULT_PASSWORD)).status).toBe(200);
    });

    it('mails nobody for an unknown email or a deactivated account; same answer', async () => {
      const gone = await ctx.createUser({ email: 'gone@example.com' });
      await ctx.db
        .updateTable('users')
        .set({ deactivated_at: new Date() })
        .where('id', '=', gone.id)
        .execute();
      expect(await askAndRead('nobody@example.com')).toEqual([]);
      expect(await askAndRead('gone@example.com')).toEqual([]);
      expect(smtp.received).toEqual([]);
      expect(await tokenRows()).toEqual([]);
    });

    it('a link of an account deactivated since it was mailed is refused', async () => {
      const kim = await ctx.createUser({ email: 'kim@example.com' });
      const [token] = await askAndRead('kim@example.com');
      await ctx.db
        .updateTable('users')
        .set({ deactivated_at: new Date() })
        .where('id', '=', kim.id)
        .execute();
      expect((await reset(token as string)).json()).toMatchObject({ code: 'INVALID_RESET_TOKEN' });
    });

    it("an admin's temporary password or a deactivation ends a mailed link", async () => {
      await ctx.createUser({ email: 'boss@example.com', role: 'OWNER' });
      const owner = (await ctx.login('boss@example.com', DEFAULT_PASSWORD)).cookie as string;
      const lee = await ctx.createUser({ email: 'lee@example.com' });
      const [beforeTemporary] = await askAndRead('lee@example.com');
      const temporary = await ctx.app.inject({
        method: 'POST',
        url: `/api/people/users/${lee.id}/reset-password`,
        headers: { cookie: owner },
        payload: {},
      });
      expect(temporary.statusCode, temporary.body).toBe(200);
      expect((await reset(beforeTemporary as string)).json()).toMatchObject({
        code: 'INVALID_RESET_TOKEN',
      });

      smtp.clear();
      const [beforeDeactivation] = await askAndRead('lee@example.com');
      for (const action of ['deactivate', 'reactivate']) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: `/api/people/users/${lee.id}/${action}`,
          headers: { cookie: owner },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      expect((await reset(beforeDeactivation as string)).json()).toMatchObject({
        code: 'INVALID_RESET_TOKEN',
      });
      expect(await tokenRows()).toEqual([]);
    });

    it('limits attempts per address, whatever the token', async () => {
      const limit = ctx.config.loginRateLimit.maxFailuresPerAddressAndAccount;
      for (let i = 0; i < limit; i += 1) {
        expect((await reset(`guess-${i}`)).statusCode).toBe(400);
      }
      const limited = await reset('one-more');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(limited.headers['retry-after']).toBeDefined();
      expect((await reset('one-more', NEW_PASSWORD, '203.0.113.60')).statusCode).toBe(400);
    });
  },
  {
    config: {
      publicUrl: PUBLIC_URL,
      mail: { smtpUrl: smtp.url, from: FROM },
    },
  },
);
