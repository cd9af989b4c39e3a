import { expect, it } from 'vitest';
import { ensureDefaultAgent } from './bootstrap';
import { DEMO_COMPANY } from './demo-company';
import { DEMO_PASSWORD, seedDemo } from './demo-seed';
import { describeEachDatabase } from '../test/test-app';

// The demo ADMIN belongs to a demo company, so the admin tools show people and rooms at once.
describeEachDatabase('demo company', (ctx) => {
  it('puts the demo ADMIN and USER in one company the ADMIN manages, idempotently', async () => {
    const agent = await ensureDefaultAgent(ctx.db);
    await seedDemo(ctx.db, agent);
    await seedDemo(ctx.db, agent);

    const companies = await ctx.db.selectFrom('companies').select(['id', 'name']).execute();
    expect(companies.map((c) => c.name)).toEqual([DEMO_COMPANY]);

    const admin = await ctx.login('admin@fieldcraft.local', DEMO_PASSWORD);
    expect(admin.body).toMatchObject({ role: 'ADMIN', companyId: companies[0]?.id });
    const people = await ctx.app.inject({
      method: 'GET',
      url: '/api/people/users',
      headers: { cookie: admin.cookie as string },
    });
    expect(people.statusCode).toBe(200);
    expect(people.json().map((u: { email: string }) => u.email)).toContain('user@fieldcraft.local');

    const rooms = await ctx.db
      .selectFrom('rooms')
      .select('name')
      .where('company_id', '=', companies[0]?.id ?? -1)
      .orderBy('name')
      .execute();
    expect(rooms.map((r) => r.name)).toEqual(['Concrete & Formwork', 'Site Safety Briefing']);
  });

  it('never moves an account an owner has since put in another company', async () => {
    const agent = await ensureDefaultAgent(ctx.db);
    await seedDemo(ctx.db, agent);
    const other = await ctx.db
      .insertInto('companies')
      .values({ name: 'Elsewhere Ltd' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('users')
      .set({ company_id: other.id })
      .where('email', '=', 'user@fieldcraft.local')
      .execute();
    await seedDemo(ctx.db, agent);
    const user = await ctx.db
      .selectFrom('users')
      .select('company_id')
      .where('email', '=', 'user@fieldcraft.local')
      .executeTakeFirstOrThrow();
    expect(user.company_id).toBe(other.id);
  });
});
