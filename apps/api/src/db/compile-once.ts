import type { Compilable, CompiledQuery, Kysely } from 'kysely';

/**
 * A Kysely statement built and compiled once per database handle; later calls reuse its SQL
 * with new parameters. For statements on every request (the session lookup, the rooms list):
 * building and compiling them with Kysely each time was the largest cost of the hot read
 * (docs/benchmarks-load.md). Same SQL, same parameters, same results as building it anew.
 *
 * `build` receives `sample` as its arguments when compiling. Each sample value must be
 * distinct and reach the SQL as exactly one bound parameter (a checked sentinel), so that
 * later calls put their own values in the same places.
 */
export function compileOnce<DB, Row, Args extends readonly unknown[]>(
  build: (db: Kysely<DB>, ...args: Args) => Compilable<Row>,
  sample: Args,
): (db: Kysely<DB>, ...args: Args) => Promise<Row[]> {
  const cache = new WeakMap<Kysely<DB>, { compiled: CompiledQuery<Row>; slots: number[] }>();

  function prepare(db: Kysely<DB>) {
    const compiled = build(db, ...sample).compile();
    // slots[i] = which argument fills parameter i (-1: a constant of the statement itself).
    const slots = compiled.parameters.map((p) => sample.findIndex((s) => Object.is(s, p)));
    sample.forEach((_, i) => {
      if (slots.filter((slot) => slot === i).length !== 1) {
        throw new Error(`compileOnce: sample argument ${i} is not exactly one bound parameter`);
      }
    });
    const entry = { compiled, slots };
    cache.set(db, entry);
    return entry;
  }

  return async (db, ...args) => {
    const { compiled, slots } = cache.get(db) ?? prepare(db);
    const parameters = slots.map((slot, i) => (slot < 0 ? compiled.parameters[i] : args[slot]));
    const result = await db.executeQuery<Row>({ ...compiled, parameters });
    return result.rows;
  };
}
