import type { Role, User } from '@fieldcraft/contracts';
import type { TestContext } from './test-app';
import { ensureDefaultAgent } from '../bootstrap/bootstrap';
import { newSessionToken, sessionIdFromToken } from '../lib/session-token';
import type { Db } from '../plugins/db';
import { SESSION_COOKIE } from '../plugins/session';
import type { Agent } from '../agents/agents.repository';
import { insertSession } from '../auth/sessions.repository';
import { addRoomMember, insertRoom } from '../rooms/rooms.repository';

/**
 * A session cookie for `userId`, inserted directly: signing in over HTTP costs an argon2
 * verification, which a role matrix of hundreds of requests cannot afford.
 */
export async function sessionCookieFor(db: Db, userId: number): Promise<string> {
  const token = newSessionToken();
  await insertSession(db, {
    id: sessionIdFromToken(token),
    userId,
    expiresAt: new Date(Date.now() + 3_600_000),
    ip: null,
    userAgent: null,
  });
  return `${SESSION_COOKIE}=${token}`;
}

export type Identity = 'anonymous' | Role;

/** The standard cast of the room tests: one user per role plus a user in no room. */
export interface World {
  agent: Agent;
  owner: User;
  admin: User;
  user: User;
  outsider: User;
  cookies: Record<Identity, string | undefined>;
  outsiderCookie: string;
  rooms: {
    /** LIVE, Safety; USER and ADMIN are members. */
    shared: number;
    /** PAUSED, Training; only USER. */
    userOnly: number;
    /** INACTIVE, Business; only ADMIN. */
    adminOnly: number;
    /** LIVE, Training; nobody. */
    empty: number;
  };
}

export async function createWorld(ctx: TestContext): Promise<World> {
  const db = ctx.db;
  const agent = await ensureDefaultAgent(db);
  const owner = await ctx.createUser({ email: 'owner@example.com', role: 'OWNER' });
  const admin = await ctx.createUser({ email: 'admin@example.com', role: 'ADMIN' });
  const user = await ctx.createUser({ email: 'user@example.com', role: 'USER' });
  const outsider = await ctx.createUser({ email: 'outsider@example.com', role: 'USER' });
  const room = (name: string, category: string, status: 'LIVE' | 'PAUSED' | 'INACTIVE') =>
    insertRoom(db, { name, category, status, agentId: agent.id, backgroundColor: '#1a1a1a' });
  const rooms = {
    shared: await room('Site Safety', 'Safety', 'LIVE'),
    userOnly: await room('Concrete', 'Training', 'PAUSED'),
    adminOnly: await room('Estimating', 'Business', 'INACTIVE'),
    empty: await room('Orientation', 'Training', 'LIVE'),
  };
  await addRoomMember(db, rooms.shared, user.id);
  await addRoomMember(db, rooms.shared, admin.id);
  await addRoomMember(db, rooms.userOnly, user.id);
  await addRoomMember(db, rooms.adminOnly, admin.id);
  return {
    agent,
    owner,
    admin,
    user,
    outsider,
    rooms,
    cookies: {
      anonymous: undefined,
      OWNER: await sessionCookieFor(db, owner.id),
      ADMIN: await sessionCookieFor(db, admin.id),
      USER: await sessionCookieFor(db, user.id),
    },
    outsiderCookie: await sessionCookieFor(db, outsider.id),
  };
}

/** Request headers for an identity, optionally with the spoofed role header the web sends. */
export function headersFor(world: World, who: Identity, spoofRole?: Role): Record<string, string> {
  const cookie = world.cookies[who];
  return {
    ...(cookie && { cookie }),
    ...(spoofRole && { 'user-role': spoofRole }),
  };
}
