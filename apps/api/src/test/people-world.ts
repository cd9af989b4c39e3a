import type { Role, User } from '@fieldcraft/contracts';
import type { TestContext } from './test-app';
import { sessionCookieFor } from './world';
import { ensureDefaultAgent } from '../bootstrap/bootstrap';
import { addRoomMember, insertRoom } from '../rooms/rooms.repository';

/**
 * Two companies for the people and company tests. Company A: an ADMIN, a second ADMIN, two
 * USERs and a room; company B: an ADMIN, a USER and a room; plus an OWNER, an ADMIN without a
 * company and a USER without one. Every person has a session cookie.
 */
export async function createPeopleWorld(ctx: TestContext) {
  const db = ctx.db;
  const agent = await ensureDefaultAgent(db);
  const a = (
    await db
      .insertInto('companies')
      .values({ name: 'Acme Build' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const b = (
    await db
      .insertInto('companies')
      .values({ name: 'Bolt Civil' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

  async function person(email: string, role: Role, companyId: number | null, firstName: string) {
    const user = await ctx.createUser({ email, role, firstName, lastName: 'Tester' });
    await db
      .updateTable('users')
      .set({ company_id: companyId })
      .where('id', '=', user.id)
      .execute();
    const cookie = await sessionCookieFor(db, user.id);
    return { ...user, companyId, cookie } as User & { cookie: string };
  }

  const owner = await person('owner@example.com', 'OWNER', null, 'Olive');
  const adminA = await person('admin.a@example.com', 'ADMIN', a, 'Ada');
  const adminA2 = await person('admin2.a@example.com', 'ADMIN', a, 'Abe');
  const userA = await person('user.a@example.com', 'USER', a, 'Uma');
  const userA2 = await person('user2.a@example.com', 'USER', a, 'Ulf');
  const adminB = await person('admin.b@example.com', 'ADMIN', b, 'Bea');
  const userB = await person('user.b@example.com', 'USER', b, 'Ben');
  const adminNone = await person('admin.none@example.com', 'ADMIN', null, 'Nina');
  const userNone = await person('user.none@example.com', 'USER', null, 'Ned');
  const room = async (name: string, companyId: number | null) => {
    const id = await insertRoom(db, {
      name,
      category: 'Safety',
      status: 'LIVE',
      agentId: agent.id,
    });
    await db.updateTable('rooms').set({ company_id: companyId }).where('id', '=', id).execute();
    return id;
  };
  const rooms = {
    a: await room('Acme Yard', a),
    b: await room('Bolt Depot', b),
    none: await room('Open Floor', null),
  };
  await addRoomMember(db, rooms.a, userA.id);
  await addRoomMember(db, rooms.b, userB.id);
  return {
    companies: { a, b },
    owner,
    adminA,
    adminA2,
    userA,
    userA2,
    adminB,
    userB,
    adminNone,
    userNone,
    rooms,
  };
}

export type PeopleWorld = Awaited<ReturnType<typeof createPeopleWorld>>;

/** Audit rows, oldest first, as [action, actor id, target id] plus details. */
export async function auditRows(ctx: TestContext) {
  const rows = await ctx.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'target_type', 'target_id', 'details'])
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    action: r.action,
    actorId: r.actor_id,
    targetType: r.target_type,
    targetId: r.target_id === null ? null : Number(r.target_id),
    details: r.details,
  }));
}
