import type { OwnerUser, Role, User, UserStatus } from '@fieldcraft/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, UsersTable } from '../db/schema';

type Db = Kysely<Database>;
type UserRow = Selectable<UsersTable>;

/** The one mapper for `users`: never exposes the hash. A PENDING user must always change. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    status: row.status,
    passwordChangeRequired: row.password_change_required || row.status === 'PENDING',
    requiresReset: row.requires_reset,
    companyId: row.company_id,
    createdAt: row.created_at.toISOString(),
  };
}

export interface UserCredentials {
  user: User;
  passwordHash: string;
  deactivated: boolean;
}

function toCredentials(row: UserRow): UserCredentials {
  return { user: toUser(row), passwordHash: row.password_hash, deactivated: !!row.deactivated_at };
}

export async function findUserById(db: Db, id: number): Promise<User | undefined> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toUser(row);
}

export async function findCredentialsById(
  db: Db,
  id: number,
): Promise<UserCredentials | undefined> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toCredentials(row);
}

/** `email` must already be lower-cased (the contracts do it). */
export async function findCredentialsByEmail(
  db: Db,
  email: string,
): Promise<UserCredentials | undefined> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirst();
  return row && toCredentials(row);
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return row.count;
}

/**
 * The ids of the owners who can still sign in, each row locked until the transaction ends.
 * Call it inside the transaction that may take an owner away: a concurrent caller waits on
 * the locks, then gets the rows as the first one left them (READ COMMITTED re-reads a locked
 * row that changed and drops it if it no longer matches), so it counts what is really left.
 */
export async function lockActiveOwners(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'OWNER')
    .where('deactivated_at', 'is', null)
    // One order for every caller, so two of them never hold each other's rows.
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((row) => row.id);
}

export interface NewUser {
  email: string;
  username: string;
  firstName?: string | null;
  lastName?: string | null;
  role: Role;
  status?: UserStatus;
  passwordHash: string;
  passwordChangeRequired?: boolean;
  requiresReset?: boolean;
  companyId?: number | null;
}

function userRow(user: NewUser) {
  return {
    email: user.email.toLowerCase(),
    username: user.username,
    first_name: user.firstName ?? null,
    last_name: user.lastName ?? null,
    role: user.role,
    status: user.status ?? 'PENDING',
    password_hash: user.passwordHash,
    password_change_required: user.passwordChangeRequired ?? false,
    requires_reset: user.requiresReset ?? false,
    company_id: user.companyId ?? null,
  };
}

export async function insertUser(db: Db, user: NewUser): Promise<User> {
  const row = await db
    .insertInto('users')
    .values(userRow(user))
    .returningAll()
    .executeTakeFirstOrThrow();
  return toUser(row);
}

/** Inserts unless the email or username is taken; returns whether a row was added. */
export async function insertUserIfAbsent(db: Db, user: NewUser): Promise<boolean> {
  const result = await db
    .insertInto('users')
    .values(userRow(user))
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export interface UserPatch {
  firstName?: string | null;
  lastName?: string | null;
  role?: Role;
  status?: UserStatus;
  passwordHash?: string;
  passwordChangeRequired?: boolean;
  requiresReset?: boolean;
}

export async function updateUser(db: Db, id: number, patch: UserPatch): Promise<User | undefined> {
  const row = await db
    .updateTable('users')
    .set({
      updated_at: sql<Date>`now()`,
      ...(patch.firstName !== undefined && { first_name: patch.firstName }),
      ...(patch.lastName !== undefined && { last_name: patch.lastName }),
      ...(patch.role !== undefined && { role: patch.role }),
      ...(patch.status !== undefined && { status: patch.status }),
      ...(patch.passwordHash !== undefined && { password_hash: patch.passwordHash }),
      ...(patch.passwordChangeRequired !== undefined && {
        password_change_required: patch.passwordChangeRequired,
      }),
      ...(patch.requiresReset !== undefined && { requires_reset: patch.requiresReset }),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row && toUser(row);
}

export async function recordLogin(db: Db, id: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ last_login_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** A user as the owner's tools list it. */
export function toOwnerUser(row: UserRow): OwnerUser {
  return {
    ...toUser(row),
    lastLoginAt: row.last_login_at ? row.last_login_at.toISOString() : null,
  };
}

export async function listOwnerUsers(db: Db): Promise<OwnerUser[]> {
  const rows = await db.selectFrom('users').selectAll().orderBy('id').execute();
  return rows.map(toOwnerUser);
}

export async function findOwnerUserById(db: Db, id: number): Promise<OwnerUser | undefined> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toOwnerUser(row);
}

/**
 * Which identifier of a new account is already in use, if any. Usernames compare without
 * case (they double as the voice PIN, which people say or type in any case).
 */
export async function findIdentityConflict(
  db: Db,
  email: string,
  username: string,
): Promise<'email' | 'username' | null> {
  const rows = await db
    .selectFrom('users')
    .select(['email', 'username'])
    .where((eb) =>
      eb.or([
        eb('email', '=', email.toLowerCase()),
        eb(eb.fn('lower', ['username']), '=', username.toLowerCase()),
      ]),
    )
    .execute();
  if (rows.some((r) => r.email === email.toLowerCase())) return 'email';
  return rows.length > 0 ? 'username' : null;
}
