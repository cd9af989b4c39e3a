import { FORGOT_PASSWORD_ANSWER, FORGOT_PASSWORD_MAILED_ANSWER } from '@fieldcraft/contracts';
import { afterAll, beforeEach, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { DEFAULT_PASSWORD, describeOnPglite } from '../test/test-app';
import { startSmtpServer } from '../test/smtp-server';

// Around the mail of "forgot password": without SMTP settings nothing is mailed and the admin
// path works as before; a mail server that is down or refuses the mail changes nothing in the
// answer and is logged without the address. The data paths are covered on both databases by
// password-reset.test.ts and password-reset-link.test.ts.
const smtp = await startSmtpServer();
const refusing = await startSmtpServer({ refuseRecipients: true });
afterAll(() => Promise.all([smtp.close(), refusing.close()]));
beforeEach(() => smtp.clear());

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
const downUrl = `smtp://127.0.0.1:${await closedPort()}`;

describeOnPglite('forgot password without SMTP settings', (ctx) => {
  it('mails nothing, stores no link, and the admin path still answers the request', async () => {
    const owner = await ctx.createUser({ email: 'owner@example.com', role: 'OWNER' });
    const dana = await ctx.createUser({ email: 'dana@example.com' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'dana@example.com' },
    });
    expect(res.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    await ctx.app.outbox.idle();
    expect(ctx.app.outbox.enabled).toBe(false);
    expect(smtp.received).toEqual([]);
    expect(await ctx.db.selectFrom('password_reset_tokens').selectAll().execute()).toEqual([]);

    const { cookie } = await ctx.login(owner.email, DEFAULT_PASSWORD);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: `/api/people/users/${dana.id}/reset-password`,
      headers: { cookie: cookie as string },
      payload: {},
    });
    expect(reset.statusCode).toBe(200);
    const open = await ctx.app.inject({
      method: 'GET',
      url: '/api/people/password-reset-requests',
      headers: { cookie: cookie as string },
    });
    expect(open.json()).toEqual([]);
  });
});

for (const [name, smtpUrl] of [
  ['down', downUrl],
  ['refusing the recipient', refusing.url],
] as const) {
  describeOnPglite(
    `forgot password with the mail server ${name}`,
    (ctx) => {
      it('answers as always and logs the failure at warn, without the address', async () => {
        await ctx.createUser({ email: 'dana@example.com' });
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: 'dana@example.com' },
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ message: FORGOT_PASSWORD_MAILED_ANSWER });
        await ctx.app.outbox.idle();
        const logs = ctx.logs().map((line) => JSON.parse(line) as Record<string, unknown>);
        const failure = logs.find((l) => l['msg'] === 'password reset link not mailed');
        expect(failure).toMatchObject({
          level: 40,
          userId: expect.any(Number),
          mailError: { code: expect.any(String) },
        });
        expect(ctx.logs().join('\n')).not.toContain('dana@example.com');
        // The account is untouched.
        expect((await ctx.login('dana@example.com', DEFAULT_PASSWORD)).status).toBe(200);
      });
    },
    {
      config: {
        logLevel: 'info',
        publicUrl: 'https://fieldcraft.test',
        mail: { smtpUrl, from: 'Fieldcraft <no-reply@fieldcraft.test>' },
      },
    },
  );
}
