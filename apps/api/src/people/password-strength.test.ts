import { expect, it } from 'vitest';
import { createPeopleWorld } from '../test/people-world';
import { DEFAULT_PASSWORD, describeOnPglite } from '../test/test-app';

// Every place that sets a password refuses the ones attackers try
// first, with the same 400 on the field (docs/operating.md, "Passwords").

const WEAK = ['password1', '12345678', 'qwertyuiop', 'iloveyou'];
const weakAnswer = {
  error: 'Validation failed',
  code: 'VALIDATION_FAILED',
  issues: {
    formErrors: [],
    fieldErrors: {
      password: [
        'This password is too easy to guess. Use a longer mix of words that is not a common password.',
      ],
    },
  },
};

describeOnPglite('password strength', (ctx) => {
  const call = (method: 'POST' | 'PATCH', url: string, cookie: string, payload: object) =>
    ctx.app.inject({ method, url, headers: { cookie }, payload });

  it('refuses a weak new password of your own, and takes a strong one', async () => {
    const user = await ctx.createUser({ email: 'dana@example.com', passwordChangeRequired: true });
    const { cookie } = await ctx.login('dana@example.com', DEFAULT_PASSWORD);
    for (const password of WEAK) {
      const res = await call('PATCH', `/api/users/${user.id}`, cookie as string, {
        password,
        currentPassword: DEFAULT_PASSWORD,
        passwordChangeRequired: false,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(weakAnswer);
    }
    const ok = await call('PATCH', `/api/users/${user.id}`, cookie as string, {
      password: 'fieldcraft-demo',
      currentPassword: DEFAULT_PASSWORD,
      passwordChangeRequired: false,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a weak password when an owner creates a user or sets one (both routes)', async () => {
    const w = await createPeopleWorld(ctx);
    const newUser = (path: string, password: string, username: string) =>
      call('POST', path, w.owner.cookie, {
        email: `${username}@example.com`,
        username,
        password,
        firstName: 'New',
        lastName: 'Hire',
      });
    const weakUsers = await newUser('/api/users', 'password1', 'newhire1');
    expect(weakUsers.statusCode).toBe(400);
    expect(weakUsers.json()).toEqual(weakAnswer);
    const weakPeople = await newUser('/api/people/users', 'iloveyou', 'newhire2');
    expect(weakPeople.statusCode).toBe(400);
    expect(weakPeople.json()).toEqual(weakAnswer);
    // Nothing was created.
    expect(
      await ctx.db.selectFrom('users').select('id').where('username', 'like', 'newhire%').execute(),
    ).toEqual([]);
    expect((await newUser('/api/users', 'temp-pass-1', 'newhire1')).statusCode).toBe(201);
    expect((await newUser('/api/people/users', 'temp-pass-1', 'newhire2')).statusCode).toBe(201);

    const setWeak = await call('PATCH', `/api/users/${w.userA.id}`, w.owner.cookie, {
      password: 'qwertyuiop',
    });
    expect(setWeak.statusCode).toBe(400);
    expect(setWeak.json()).toEqual(weakAnswer);

    const resetWeak = await call(
      'POST',
      `/api/people/users/${w.userA.id}/reset-password`,
      w.owner.cookie,
      { password: '12345678' },
    );
    expect(resetWeak.statusCode).toBe(400);
    expect(resetWeak.json()).toEqual(weakAnswer);
    const resetOk = await call(
      'POST',
      `/api/people/users/${w.userA.id}/reset-password`,
      w.owner.cookie,
      { password: 'chosen-temp-1' },
    );
    expect(resetOk.statusCode).toBe(200);
  });
});
