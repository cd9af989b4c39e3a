import { FORGOT_PASSWORD_ANSWER } from '@fieldcraft/contracts';
import { expect, it } from 'vitest';
import { DEFAULT_PASSWORD, describeEachDatabase } from '../test/test-app';

// "Forgot password": one answer for every email, limited per address, listed for the owner
// and the user's company admin, answered by a temporary password.
describeEachDatabase('forgot password', (ctx) => {
  const ask = (email: string, remoteAddress = '198.51.100.7') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
      remoteAddress,
    });
  const listAs = (cookie: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/people/password-reset-requests',
      headers: { cookie },
    });
  async function company(name: string) {
    return (
      await ctx.db
        .insertInto('companies')
        .values({ name })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  async function inCompany(email: string, companyId: number, role: 'USER' | 'ADMIN' = 'USER') {
    const user = await ctx.createUser({ email, role });
    await ctx.db
      .updateTable('users')
      .set({ company_id: companyId })
      .where('id', '=', user.id)
      .execute();
    return user;
  }
  const signIn = async (email: string) =>
    (await ctx.login(email, DEFAULT_PASSWORD)).cookie as string;

  it('answers the same for an account, an unknown email and a deactivated account', async () => {
    await ctx.createUser({ email: 'dana@example.com' });
    const gone = await ctx.createUser({ email: 'gone@example.com' });
    await ctx.db
      .updateTable('users')
      .set({ deactivated_at: new Date() })
      .where('id', '=', gone.id)
      .execute();
    const answers = await Promise.all(
      ['dana@example.com', 'nobody@example.com', 'gone@example.com'].map((e) => ask(e)),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    }
    // The account can still sign in: a request locks nobody out.
    expect((await ctx.login('dana@example.com', DEFAULT_PASSWORD)).status).toBe(200);
    const bad = await ask('not an email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('limits requests per address over every email, like sign-in', async () => {
    const limit = ctx.config.loginRateLimit.maxFailuresPerAddressAndAccount;
    for (let i = 0; i < limit; i += 1) {
      expect((await ask(`guess${i}@example.com`)).statusCode).toBe(200);
    }
    const limited = await ask('one-more@example.com');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(limited.headers['retry-after']).toBeDefined();
    // Another address is not held by this one.
    expect((await ask('one-more@example.com', '203.0.113.50')).statusCode).toBe(200);
  });

  it('the owner sees every open request; a company admin only their company’s USERs', async () => {
    const north = await company('North');
    const south = await company('South');
    await ctx.createUser({ email: 'owner@example.com', role: 'OWNER' });
    await inCompany('admin@north.example', north, 'ADMIN');
    const dana = await inCompany('dana@north.example', north);
    await inCompany('sam@south.example', south);
    await inCompany('ada@north.example', north, 'ADMIN');
    for (const email of ['dana@north.example', 'sam@south.example', 'ada@north.example']) {
      await ask(email);
    }
    await ask('dana@north.example'); // twice: listed once

    const owner = await listAs(await signIn('owner@example.com'));
    expect(owner.statusCode).toBe(200);
    expect(
      owner
        .json()
        .map((r: { user: { email: string } }) => r.user.email)
        .sort(),
    ).toEqual(['ada@north.example', 'dana@north.example', 'sam@south.example']);
    const admin = await listAs(await signIn('admin@north.example'));
    expect(admin.json()).toEqual([
      {
        id: expect.any(Number),
        requestedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        user: {
          id: dana.id,
          email: 'dana@north.example',
          firstName: null,
          lastName: null,
          role: 'USER',
        },
      },
    ]);
    const crew = await listAs(await signIn('sam@south.example'));
    expect(crew.statusCode).toBe(403);
  });

  it('a temporary password set by the admin answers the request', async () => {
    const north = await company('North');
    await inCompany('admin@north.example', north, 'ADMIN');
    const dana = await inCompany('dana@north.example', north);
    await ask('dana@north.example');
    const cookie = await signIn('admin@north.example');
    expect((await listAs(cookie)).json()).toHaveLength(1);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: `/api/people/users/${dana.id}/reset-password`,
      headers: { cookie },
      payload: {},
    });
    expect(reset.statusCode).toBe(200);
    expect((await listAs(cookie)).json()).toEqual([]);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('action', 'in', ['auth.password_reset_request', 'user.password_reset'])
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'auth.password_reset_request',
      'user.password_reset',
    ]);
    expect(audit[1]?.details).toMatchObject({ requestsAnswered: 1 });
  });
});
