import type {
  ImpersonatedUser,
  ManagedRoom,
  ManagedUser,
  ManagedUserListQuery,
  User,
  UserAccess,
} from '@fieldcraft/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, UsersTable } from '../db/schema';
import { toOwnerUser } from './users.repository';

type Db = Kysely<Database>;
type UserRow = Selectable<UsersTable>;

/** Which users and rooms a caller may see: every one (OWNER) or one company's. */
export type PeopleScope =
  | { kind: 'all' }
  /** ADMIN: their company's users (never OWNERs) and rooms; companyId null → nobody. */
  | { kind: 'company'; companyId: number | null };

function toManagedUser(row: UserRow & { company_name: string | null }): ManagedUser {
  return {
    ...toOwnerUser(row),
    companyName: row.company_name,
    deactivatedAt: row.deactivated_at ? row.deactivated_at.toISOString() : null,
  };
}

function selectManagedUsers(db: Db, scope: PeopleScope) {
  let query = db
    .selectFrom('users')
    .leftJoin('companies', 'companies.id', 'users.company_id')
    .selectAll('users')
    .select('companies.name as company_name');
  if (scope.kind === 'company') {
    // -1 never matches: an ADMIN without a company sees nobody.
    query = query
      .where('users.company_id', '=', scope.companyId ?? -1)
      .where('users.role', '!=', 'OWNER');
  }
  return query;
}

export async function listManagedUsers(
  db: Db,
  scope: PeopleScope,
  filter: ManagedUserListQuery,
): Promise<ManagedUser[]> {
  let query = selectManagedUsers(db, scope);
  if (filter.q) {
    const like = `%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['users.email']), 'like', like),
        eb(eb.fn('lower', ['users.username']), 'like', like),
        eb(
          sql<string>`lower(coalesce(users.first_name, '') || ' ' || coalesce(users.last_name, ''))`,
          'like',
          like,
        ),
      ]),
    );
  }
  if (filter.role) query = query.where('users.role', '=', filter.role);
  if (filter.status) query = query.where('users.status', '=', filter.status);
  if (filter.companyId === 'none') query = query.where('users.company_id', 'is', null);
  else if (filter.companyId !== undefined) {
    query = query.where('users.company_id', '=', filter.companyId);
  }
  if (filter.state === 'active') query = query.where('users.deactivated_at', 'is', null);
  if (filter.state === 'deactivated') query = query.where('users.deactivated_at', 'is not', null);
  const rows = await query.orderBy('users.id').execute();
  return rows.map(toManagedUser);
}

export async function findManagedUser(
  db: Db,
  scope: PeopleScope,
  id: number,
): Promise<ManagedUser | undefined> {
  const row = await selectManagedUsers(db, scope).where('users.id', '=', id).executeTakeFirst();
  return row && toManagedUser(row);
}

export async function setUserCompany(db: Db, id: number, companyId: number | null): Promise<void> {
  await db
    .updateTable('users')
    .set({ company_id: companyId, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function setDeactivated(db: Db, id: number, deactivated: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ deactivated_at: deactivated ? sql<Date>`now()` : null, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function setTemporaryPassword(db: Db, id: number, passwordHash: string) {
  await db
    .updateTable('users')
    .set({
      password_hash: passwordHash,
      password_change_required: true,
      requires_reset: true,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

export async function findUserAccess(db: Db, userId: number): Promise<UserAccess> {
  const rooms = await db
    .selectFrom('room_members')
    .innerJoin('rooms', 'rooms.id', 'room_members.room_id')
    .select(['rooms.id', 'rooms.name', 'rooms.status', 'rooms.category', 'rooms.company_id'])
    .where('room_members.user_id', '=', userId)
    .orderBy('rooms.name')
    .execute();
  const permissions = await db
    .selectFrom('content_permissions')
    .innerJoin('content_items', 'content_items.id', 'content_permissions.content_id')
    .select(['content_items.id', 'content_items.title', 'content_permissions.can_access'])
    .where('content_permissions.user_id', '=', userId)
    .orderBy('content_items.title')
    .execute();
  const recent = await db
    .selectFrom('content_access')
    .innerJoin('content_items', 'content_items.id', 'content_access.content_id')
    .select(['content_items.id', 'content_items.title', 'content_access.accessed_at'])
    .where('content_access.user_id', '=', userId)
    .orderBy('content_access.accessed_at', 'desc')
    .orderBy('content_access.id', 'desc')
    .limit(20)
    .execute();
  return {
    rooms: rooms.map((r) => ({
      id: r.id,
      name: r.name,
      status: r.status,
      category: r.category,
      companyId: r.company_id,
    })),
    permissions: permissions.map((p) => ({
      contentId: p.id,
      title: p.title,
      canAccess: p.can_access,
    })),
    recentAccess: recent.map((a) => ({
      contentId: a.id,
      title: a.title,
      accessedAt: a.accessed_at.toISOString(),
    })),
  };
}

// --- Rooms ----------------------------------------------------------------------------------

export async function listManagedRooms(db: Db, scope: PeopleScope): Promise<ManagedRoom[]> {
  let query = db
    .selectFrom('rooms')
    .select(['rooms.id', 'rooms.name', 'rooms.status', 'rooms.category', 'rooms.company_id']);
  if (scope.kind === 'company') query = query.where('rooms.company_id', '=', scope.companyId ?? -1);
  const rooms = await query.orderBy('rooms.name').execute();
  const ids = rooms.map((r) => r.id);
  const members =
    ids.length === 0
      ? []
      : await db
          .selectFrom('room_members')
          .select(['room_id', 'user_id'])
          .where('room_id', 'in', ids)
          .orderBy('user_id')
          .execute();
  return rooms.map((r) => ({
    id: r.id,
    name: r.name,
    status: r.status,
    category: r.category,
    companyId: r.company_id,
    memberIds: members.filter((m) => m.room_id === r.id).map((m) => m.user_id),
  }));
}

export async function findManagedRoom(
  db: Db,
  scope: PeopleScope,
  id: number,
): Promise<{ id: number; name: string; companyId: number | null } | undefined> {
  let query = db.selectFrom('rooms').select(['id', 'name', 'company_id']).where('id', '=', id);
  if (scope.kind === 'company') query = query.where('company_id', '=', scope.companyId ?? -1);
  const row = await query.executeTakeFirst();
  return row && { id: row.id, name: row.name, companyId: row.company_id };
}

// --- Impersonation --------------------------------------------------------------------------

export function toImpersonatedUser(user: User): ImpersonatedUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
  };
}
