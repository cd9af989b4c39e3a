import { createHash, randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { DEFAULT_PASSWORD, describeEachDatabase } from '../test/test-app';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describeEachDatabase('session fixation', (ctx) => {
  const statusWith = (cookie: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/auth/status', headers: { cookie } });

  it('never adopts a session id planted before sign-in: a fresh one is issued', async () => {
    await ctx.createUser({ email: 'dana@example.com' });
    // The attacker plants a well-formed token of their choosing in the victim's browser.
    const planted = randomBytes(32).toString('base64url');
    const res = await ctx.login('dana@example.com', DEFAULT_PASSWORD, {
      cookie: `fc_session=${planted}`,
    });
    expect(res.status).toBe(200);
    expect(res.cookie).not.toBe(`fc_session=${planted}`);
    const ids = (await ctx.db.selectFrom('sessions').select('id').execute()).map((r) => r.id);
    expect(ids).not.toContain(sha256(planted));
    expect((await statusWith(`fc_session=${planted}`)).json()).toEqual({
      isAuthenticated: false,
      user: null,
    });
    expect((await statusWith(res.cookie as string)).json()).toMatchObject({
      isAuthenticated: true,
    });
  });

  it("an attacker's own valid session planted in a victim's browser ends at the victim's sign-in", async () => {
    await ctx.createUser({ email: 'mallory@example.com' });
    await ctx.createUser({ email: 'dana@example.com' });
    const mallory = await ctx.login('mallory@example.com', DEFAULT_PASSWORD);
    const dana = await ctx.login('dana@example.com', DEFAULT_PASSWORD, {
      cookie: mallory.cookie as string,
    });
    expect(dana.status).toBe(200);
    expect(dana.cookie).not.toBe(mallory.cookie);
    // Mallory's cookie no longer opens anything, and never becomes Dana's session.
    expect((await statusWith(mallory.cookie as string)).json()).toEqual({
      isAuthenticated: false,
      user: null,
    });
    expect((await statusWith(dana.cookie as string)).json()).toMatchObject({
      isAuthenticated: true,
      user: { email: 'dana@example.com' },
    });
  });

  it('ignores a session cookie sent as a header other than Cookie, or in the query', async () => {
    await ctx.createUser({ email: 'dana@example.com' });
    const { cookie } = await ctx.login('dana@example.com', DEFAULT_PASSWORD);
    const token = (cookie as string).split('=')[1] as string;
    for (const attempt of [
      { url: `/api/auth/status?fc_session=${token}`, headers: {} },
      { url: '/api/auth/status', headers: { authorization: `Bearer ${token}` } },
      { url: '/api/auth/status', headers: { 'x-session': token } },
    ]) {
      const res = await ctx.app.inject({ method: 'GET', ...attempt });
      expect(res.json(), attempt.url).toEqual({ isAuthenticated: false, user: null });
    }
  });
});
