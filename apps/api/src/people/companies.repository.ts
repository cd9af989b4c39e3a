import type { Company, CompanyDetail } from '@fieldcraft/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import type { PeopleScope } from './people.repository';

type Db = Kysely<Database>;

function selectCompanies(db: Db) {
  return db.selectFrom('companies').select([
    'companies.id',
    'companies.name',
    'companies.created_at',
    (eb) =>
      eb
        .selectFrom('users')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('users.company_id', '=', 'companies.id')
        .as('user_count'),
    (eb) =>
      eb
        .selectFrom('rooms')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('rooms.company_id', '=', 'companies.id')
        .as('room_count'),
  ]);
}

type CompanyRow = Awaited<ReturnType<ReturnType<typeof selectCompanies>['execute']>>[number];

function toCompany(row: CompanyRow): Company {
  return {
    id: row.id,
    name: row.name,
    userCount: Number(row.user_count ?? 0),
    roomCount: Number(row.room_count ?? 0),
    createdAt: row.created_at.toISOString(),
  };
}

/** Every company (scope all) or only the caller's own (ADMIN). */
export async function listCompanies(db: Db, scope: PeopleScope): Promise<Company[]> {
  let query = selectCompanies(db);
  if (scope.kind === 'company') query = query.where('companies.id', '=', scope.companyId ?? -1);
  const rows = await query.orderBy('companies.name').execute();
  return rows.map(toCompany);
}

export async function findCompany(db: Db, id: number): Promise<Company | undefined> {
  const row = await selectCompanies(db).where('companies.id', '=', id).executeTakeFirst();
  return row && toCompany(row);
}

export async function findCompanyDetail(
  db: Db,
  id: number,
  scope: PeopleScope,
): Promise<CompanyDetail | undefined> {
  if (scope.kind === 'company' && scope.companyId !== id) return undefined;
  const company = await findCompany(db, id);
  if (!company) return undefined;
  let users = db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'role'])
    .where('company_id', '=', id);
  if (scope.kind === 'company') users = users.where('role', '!=', 'OWNER');
  const userRows = await users.orderBy('id').execute();
  const roomRows = await db
    .selectFrom('rooms')
    .select(['id', 'name', 'status', 'category'])
    .where('company_id', '=', id)
    .orderBy('name')
    .execute();
  return {
    ...company,
    users: userRows.map((u) => ({
      id: u.id,
      email: u.email,
      firstName: u.first_name,
      lastName: u.last_name,
      role: u.role,
    })),
    rooms: roomRows,
  };
}

export async function findCompanyIdByName(db: Db, name: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('companies')
    .select('id')
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
  return row?.id;
}

export async function insertCompany(db: Db, name: string): Promise<number> {
  const row = await db
    .insertInto('companies')
    .values({ name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function renameCompany(db: Db, id: number, name: string): Promise<void> {
  await db
    .updateTable('companies')
    .set({ name, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** Deletes the company; its rooms are released (company_id null). Returns the rooms released. */
export async function deleteCompany(db: Db, id: number): Promise<number> {
  const released = await db
    .updateTable('rooms')
    .set({ company_id: null })
    .where('company_id', '=', id)
    .executeTakeFirst();
  await db.deleteFrom('companies').where('id', '=', id).execute();
  return Number(released.numUpdatedRows ?? 0);
}

export async function setRoomCompany(
  db: Db,
  roomId: number,
  companyId: number | null,
): Promise<void> {
  await db
    .updateTable('rooms')
    .set({ company_id: companyId, updated_at: sql<Date>`now()` })
    .where('id', '=', roomId)
    .execute();
}

export async function findRoomCompany(
  db: Db,
  roomId: number,
): Promise<{ companyId: number | null } | undefined> {
  const row = await db
    .selectFrom('rooms')
    .select('company_id')
    .where('id', '=', roomId)
    .executeTakeFirst();
  return row && { companyId: row.company_id };
}
