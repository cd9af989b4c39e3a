import { expect, it } from 'vitest';
import { DEFAULT_PASSWORD, describeEachDatabase } from '../test/test-app';

// The Profile page's account facts and "Sign out of other devices".
describeEachDatabase('account routes', (ctx) => {
  const get = (cookie: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/auth/account', headers: { cookie } });
  const signOutOthers = (cookie?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out-others',
      headers: cookie ? { cookie } : {},
    });
  const signIn = async (email: string) => {
    const res = await ctx.login(email, DEFAULT_PASSWORD);
    expect(res.status).toBe(200);
    return res.cookie as string;
  };

  it('shows the account, its company and its sessions on other devices', async () => {
    const company = await ctx.db
      .insertInto('companies')
      .values({ name: 'Northside Builders' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await ctx.createUser({ email: 'dana@example.com', firstName: 'Dana' });
    await ctx.db
      .updateTable('users')
      .set({ company_id: company.id })
      .where('id', '=', user.id)
      .execute();
    const phone = await signIn('dana@example.com');
    await signIn('dana@example.com');
    const laptop = await signIn('dana@example.com');

    const res = await get(laptop);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: expect.objectContaining({ id: user.id, email: 'dana@example.com', firstName: 'Dana' }),
      company: { id: company.id, name: 'Northside Builders' },
      otherSessions: 2,
    });
    expect(res.json().user).not.toHaveProperty('passwordHash');
    // Another account's sessions never count.
    await ctx.createUser({ email: 'other@example.com' });
    await signIn('other@example.com');
    expect((await get(phone)).json()).toMatchObject({ otherSessions: 2 });
  });

  it('an account outside every company has company null', async () => {
    await ctx.createUser({ email: 'solo@example.com' });
    const cookie = await signIn('solo@example.com');
    expect((await get(cookie)).json()).toMatchObject({ company: null, otherSessions: 0 });
  });

  it('signs out every other device of this account only, keeping this one', async () => {
    await ctx.createUser({ email: 'dana@example.com' });
    await ctx.createUser({ email: 'other@example.com' });
    const phone = await signIn('dana@example.com');
    const tablet = await signIn('dana@example.com');
    const laptop = await signIn('dana@example.com');
    const someoneElse = await signIn('other@example.com');

    const res = await signOutOthers(laptop);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ signedOut: 2 });

    const status = async (cookie: string) =>
      (await ctx.app.inject({ method: 'GET', url: '/api/auth/status', headers: { cookie } })).json()
        .isAuthenticated;
    expect(await status(laptop)).toBe(true);
    expect(await status(phone)).toBe(false);
    expect(await status(tablet)).toBe(false);
    expect(await status(someoneElse)).toBe(true);
    expect((await get(laptop)).json().otherSessions).toBe(0);

    const audit = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'auth.sign_out_others')
      .execute();
    expect(audit).toEqual([expect.objectContaining({ details: { sessionsRevoked: 2 } })]);
  });

  it('signed out: 401 with the error shape', async () => {
    const res = await signOutOthers();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    const account = await ctx.app.inject({ method: 'GET', url: '/api/auth/account' });
    expect(account.statusCode).toBe(401);
  });
});
