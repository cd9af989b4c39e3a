import { PGlite } from '@electric-sql/pglite';
import { type Generated, Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteDialect } from './pglite-dialect';

interface Db {
  items: { id: Generated<number>; name: string };
}

describe('pgliteDialect', () => {
  let db: Kysely<Db>;
  beforeAll(async () => {
    db = new Kysely<Db>({ dialect: pgliteDialect(await PGlite.create('memory://')) });
    await sql`create table items (id serial primary key, name text not null)`.execute(db);
  });
  afterAll(() => db.destroy());

  it('keeps a concurrent query out of another request’s open transaction', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const rolledBack = db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('items').values({ name: 'uncommitted' }).execute();
        await held;
        throw new Error('roll back');
      })
      .catch(() => 'rolled back');
    // Issued while the transaction is open: it must wait, and must not be rolled back with it.
    const outside = db.insertInto('items').values({ name: 'outside' }).execute();
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    expect(await rolledBack).toBe('rolled back');
    await outside;
    const names = await db.selectFrom('items').select('name').execute();
    expect(names).toEqual([{ name: 'outside' }]);
  });

  it('reports affected rows like the pg driver does', async () => {
    await db
      .insertInto('items')
      .values([{ name: 'a' }, { name: 'b' }])
      .execute();
    const updated = await db
      .updateTable('items')
      .set({ name: 'z' })
      .where('name', 'in', ['a', 'b'])
      .executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(2n);
    const deleted = await db.deleteFrom('items').where('name', '=', 'z').executeTakeFirst();
    expect(deleted.numDeletedRows).toBe(2n);
  });
});
