import { randomUUID } from 'node:crypto';
import type { Compilable, CompiledQuery, Kysely } from 'kysely';

/**
 * A query built and compiled once, for the paths every request takes (the session check, /auth/me).
 * Kysely builds an immutable tree and compiles it to SQL on every call; for a one-row lookup that
 * costs more than SQLite's own work. Here the query is built once with stand-ins for its arguments,
 * and each call only puts the values where the stand-ins were. So the arguments may only be used as
 * values (in where, set, values), never to shape the query; a stand-in that does not come out as a
 * parameter, as it would if a query used an argument to pick a column, is refused at first use.
 */
export function prepared<A extends string[], R>(
  db: Pick<Kysely<never>, 'executeQuery'>,
  build: (...args: A) => Compilable<R>,
): { all(...args: A): Promise<R[]>; first(...args: A): Promise<R | undefined> } {
  let compiled: CompiledQuery<R> | undefined;
  // For each parameter of the compiled query, which argument it takes, or -1 for a fixed value.
  let slots: number[] = [];

  function compile() {
    const nonce = randomUUID();
    const standIns = Array.from({ length: build.length }, (_, i) => `\u0000arg${i}:${nonce}`) as A;
    const query = build(...standIns).compile();
    slots = query.parameters.map((p) => standIns.indexOf(p as string));
    const missing = standIns.find((s) => !query.parameters.includes(s) || query.sql.includes(s));
    if (missing !== undefined) throw new Error(`prepared: argument ${standIns.indexOf(missing)} is not a plain value`);
    return query;
  }

  async function all(...args: A): Promise<R[]> {
    compiled ??= compile();
    const fixed = compiled.parameters;
    const parameters = slots.map((slot, i) => (slot < 0 ? fixed[i] : args[slot]));
    const result = await db.executeQuery<R>({ ...compiled, parameters });
    return result.rows;
  }

  return {
    all,
    first: async (...args: A) => (await all(...args))[0],
  };
}
