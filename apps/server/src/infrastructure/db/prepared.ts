import type { Db } from './client';

/**
 * A query built and prepared once per database handle, then run with placeholders' values. Building a query
 * through drizzle costs about as much CPU as the rest of a small request, and PGlite spends more again reading
 * a query it has not seen (issue 16: GET /api/projects at 500/s; a thumbnail's two lookups took 4 ms of the
 * main thread on PGlite). A transaction is a handle of its own, so its queries are prepared for it.
 */
export function preparedPerDatabase<Query>(prepare: (db: Db) => Query): (db: Db) => Query {
  const prepared = new WeakMap<Db, Query>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) prepared.set(db, (query = prepare(db)));
    return query;
  };
}
