import { expect, it } from 'vitest';
import { DEFAULT_PASSWORD, describeEachDatabase } from '../test/test-app';

type Move = (
  actorCookie: string,
  targetId: number,
) => { method: 'PATCH' | 'POST'; url: string; payload?: object };

const demoteInPeople: Move = (_c, id) => ({
  method: 'PATCH',
  url: `/api/people/users/${id}`,
  payload: { role: 'ADMIN' },
});
const deactivate: Move = (_c, id) => ({
  method: 'POST',
  url: `/api/people/users/${id}/deactivate`,
});
const demoteInUsers: Move = (_c, id) => ({
  method: 'PATCH',
  url: `/api/users/${id}`,
  payload: { role: 'USER' },
});

describeEachDatabase('the last owner, under concurrency', (ctx) => {
  async function twoOwners() {
    const a = await ctx.createUser({ email: 'ann@example.com', role: 'OWNER' });
    const b = await ctx.createUser({ email: 'bob@example.com', role: 'OWNER' });
    return { a, b };
  }

  async function activeOwners(): Promise<number> {
    const rows = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'OWNER')
      .where('deactivated_at', 'is', null)
      .execute();
    return rows.length;
  }

  // Each pair of moves, both directions at the same moment, several times over: PostgreSQL
  // runs the two requests on two connections; PGlite (one connection) takes them in turn.
  const PAIRS: [string, Move, Move][] = [
    ['demote / demote (people)', demoteInPeople, demoteInPeople],
    ['deactivate / deactivate', deactivate, deactivate],
    ['demote / demote (users)', demoteInUsers, demoteInUsers],
    ['demote / deactivate', demoteInPeople, deactivate],
    ['demote (users) / deactivate', demoteInUsers, deactivate],
  ];

  for (const [name, first, second] of PAIRS) {
    it(`two owners ${name} each other at once: one owner remains`, async () => {
      const { a, b } = await twoOwners();
      let lastOwnerErrors = 0;
      for (let round = 0; round < 6; round += 1) {
        await ctx.db
          .updateTable('users')
          .set({ role: 'OWNER', deactivated_at: null })
          .where('id', 'in', [a.id, b.id])
          .execute();
        const [ann, bob] = await Promise.all([
          ctx.login('ann@example.com', DEFAULT_PASSWORD),
          ctx.login('bob@example.com', DEFAULT_PASSWORD),
        ]);
        const send = (cookie: string, move: Move, targetId: number) =>
          ctx.app.inject({ ...move(cookie, targetId), headers: { cookie } });
        const answers = await Promise.all([
          send(ann.cookie as string, first, b.id),
          send(bob.cookie as string, second, a.id),
        ]);
        // Exactly one wins. The other is refused with LAST_OWNER when the two overlapped;
        // when it was only served after the first had finished, its actor is no longer an
        // active owner and the guards refuse it (403 or 404 as an ADMIN or USER, 401 once
        // deactivated).
        const statuses = answers.map((r) => r.statusCode).sort();
        expect(statuses[0], `round ${round}`).toBe(200);
        expect([401, 403, 404, 409], `round ${round}: ${statuses}`).toContain(statuses[1]);
        const refused = answers.find((r) => r.statusCode === 409);
        if (refused) {
          expect(refused.json().code).toBe('LAST_OWNER');
          lastOwnerErrors += 1;
        }
        expect(await activeOwners(), `round ${round}`).toBe(1);
      }
      // The requests did overlap, and the rule itself refused the second.
      expect(lastOwnerErrors).toBeGreaterThan(0);
    });
  }

  it('still lets one of two owners be demoted, and refuses the last', async () => {
    const { a, b } = await twoOwners();
    const { cookie } = await ctx.login('ann@example.com', DEFAULT_PASSWORD);
    const demote = (id: number) =>
      ctx.app.inject({
        ...demoteInPeople(cookie as string, id),
        headers: { cookie: cookie as string },
      });
    expect((await demote(b.id)).statusCode).toBe(200);
    const last = await demote(a.id);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({
      error: 'The last owner cannot be given another role',
      code: 'LAST_OWNER',
    });
  });
});
