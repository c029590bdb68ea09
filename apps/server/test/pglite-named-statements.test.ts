import { PGlite, types } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PgliteWithNamedStatements } from '../src/infrastructure/db/pglite-statements';

/** Statements this database holds parsed, by name. */
async function preparedStatements(client: PGlite) {
  const { rows } = await client.query<{ name: string }>('select name from pg_prepared_statements order by name');
  return rows.map((r) => r.name);
}

describe('PGlite with named statements (decision 117)', () => {
  let client: PGlite;
  let named: PgliteWithNamedStatements;

  beforeEach(async () => {
    client = new PGlite();
    await client.exec(`
      create table item (
        id text primary key, count int not null, ready boolean, tags text[], details jsonb,
        made timestamptz not null default now()
      )`);
    named = new PgliteWithNamedStatements(client, { statementsKept: 3 });
  });
  afterEach(() => client.close());

  it('answers every type as PGlite query does, the first time and once the statement is kept', async () => {
    const insert = 'insert into item (id, count, ready, tags, details) values ($1, $2, $3, $4, $5) returning *';
    await named.query(insert, ['a', 1, true, ['x', 'y'], { room: 'kitchen', n: 2 }]);
    await named.query(insert, ['b', 2, null, null, null]);
    const select = 'select * from item where count >= $1 order by id';
    for (const options of [undefined, { rowMode: 'array' as const }, { parsers: { [types.INT4]: Number } }]) {
      const expected = await client.query(select, [1], options);
      expect(await named.query(select, [1], options)).toEqual(expected);
      expect(await named.query(select, [1], options)).toEqual(expected);
    }
    const [first] = (await named.query<Record<string, unknown>>(select, [1])).rows;
    expect(first).toMatchObject({
      id: 'a',
      count: 1,
      ready: true,
      tags: ['x', 'y'],
      details: { room: 'kitchen', n: 2 },
    });
    expect(first!.made).toBeInstanceOf(Date);
  });

  it('counts the rows a write changed', async () => {
    await named.query('insert into item (id, count) values ($1, $2), ($3, $4)', ['a', 1, 'b', 2]);
    const updated = await named.query('update item set count = count + 1 where count < $1', [10]);
    expect(updated).toMatchObject({ affectedRows: 2, rows: [] });
  });

  it('runs a statement it has seen by name, and forgets the least recently used past its limit', async () => {
    await named.query('select $1::int as n', [1]);
    await named.query('select $1::text as t', ['a']);
    await named.query('select $1::int as n', [2]);
    expect(await preparedStatements(client)).toHaveLength(2);
    await named.query('select $1::bool as b', [true]);
    await named.query('select $1::int + 1 as m', [1]);
    // Three kept: the text one, used longest ago, is gone; the others still answer.
    expect(await preparedStatements(client)).toHaveLength(3);
    expect((await named.query('select $1::int as n', [3])).rows).toEqual([{ n: 3 }]);
    expect((await named.query('select $1::text as t', ['b'])).rows).toEqual([{ t: 'b' }]);
    expect(await preparedStatements(client)).toHaveLength(3);
  });

  it('throws the database error with its statement, and keeps answering afterwards', async () => {
    const insert = 'insert into item (id, count) values ($1, $2)';
    await named.query(insert, ['a', 1]);
    const error = await named.query(insert, ['a', 2]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', query: insert, params: ['a', 2] });
    await expect(named.query('select * from missing_table where id = $1', ['a'])).rejects.toMatchObject({
      code: '42P01',
    });
    expect((await named.query('select count(*)::int as n from item where id = $1', ['a'])).rows).toEqual([{ n: 1 }]);
  });

  it('keeps a transaction whole: its statements wait for none outside it, and a rollback undoes them', async () => {
    const insert = 'insert into item (id, count) values ($1, $2)';
    const count = 'select count(*)::int as n from item where count > $1';
    let releaseTransaction!: () => void;
    const held = new Promise<void>((resolve) => (releaseTransaction = resolve));
    const transaction = named.transaction(async (tx) => {
      await tx.query(insert, ['a', 1]);
      await held;
      await tx.query(insert, ['a', 2]); // a duplicate: the transaction fails and rolls back
    });
    // A statement from outside waits for the transaction, then sees none of its rows.
    const outside = named.query(count, [0]);
    releaseTransaction();
    await expect(transaction).rejects.toMatchObject({ code: '23505' });
    expect((await outside).rows).toEqual([{ n: 0 }]);

    await named.transaction(async (tx) => {
      await tx.query(insert, ['b', 5]);
      expect((await tx.query(count, [0])).rows).toEqual([{ n: 1 }]);
    });
    expect((await named.query(count, [0])).rows).toEqual([{ n: 1 }]);
  });

  it('refuses a statement on a transaction that has ended', async () => {
    let ended: Parameters<Parameters<PgliteWithNamedStatements['transaction']>[0]>[0] | undefined;
    await named.transaction(async (tx) => {
      ended = tx;
    });
    await expect(ended!.query('select 1')).rejects.toThrow('Transaction is closed');
  });
});
