import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { findCompanyIdByName, insertCompany, setRoomCompany } from '../people/companies.repository';
import { findRoomIdByName } from '../rooms/rooms.repository';

type Db = Kysely<Database>;

export const DEMO_COMPANY = 'Northside Builders (demo)';

/** Demo rooms the demo company holds: the ones its ADMIN or USER is in. */
const DEMO_COMPANY_ROOMS = ['Site Safety Briefing', 'Concrete & Formwork'];

/**
 * The demo ADMIN and USER in one demo company, with some demo rooms, so an ADMIN's people and
 * room tools show something out of the box (an ADMIN without a company manages nobody).
 * Idempotent, and it never moves an account or room an owner has since put elsewhere: only
 * those without a company join.
 */
export async function seedDemoCompany(db: Db, userIds: Iterable<number>): Promise<void> {
  const companyId =
    (await findCompanyIdByName(db, DEMO_COMPANY)) ?? (await insertCompany(db, DEMO_COMPANY));
  for (const userId of userIds) {
    await db
      .updateTable('users')
      .set({ company_id: companyId })
      .where('id', '=', userId)
      .where('company_id', 'is', null)
      .where('role', '!=', 'OWNER')
      .execute();
  }
  for (const name of DEMO_COMPANY_ROOMS) {
    const roomId = await findRoomIdByName(db, name);
    if (roomId === undefined) continue;
    const room = await db
      .selectFrom('rooms')
      .select('company_id')
      .where('id', '=', roomId)
      .executeTakeFirst();
    if (room && room.company_id === null) await setRoomCompany(db, roomId, companyId);
  }
}
