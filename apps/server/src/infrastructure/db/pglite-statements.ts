import { type PGlite, parse, protocol, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

/**
 * How many statements stay parsed, each 30–60 KB of the database's memory. A sign-up, an upload, its enhancement
 * and its downloads use 35 distinct texts (drizzle puts every value in a placeholder); a text past this many,
 * such as an `in (...)` of an unusual length, pushes out the one unused longest.
 */
const STATEMENTS_KEPT = 128;

type Statement = { name: string; parameterTypes: number[] };
type Query = <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;

const { serialize } = protocol;
/** Statement names are the database's, not this object's: one counter for the process keeps them apart. */
let statementsNamed = 0;

/** Extended-protocol messages as one, ended by the sync that makes the database answer them. */
const synced = (...messages: Uint8Array[]) => Buffer.concat([...messages, serialize.sync()]);

/**
 * PGlite with the statements it has run kept parsed, by name (decision 117). Its own `query` sends every
 * statement as new text: parse, describe, bind, describe, execute and sync, six calls into the database and a
 * fresh plan each time; a primary-key lookup cost 0.7 ms of the one JavaScript thread. A statement seen before
 * is run here by one message (bind the named statement, describe, execute, sync): 0.1–0.2 ms.
 *
 * It stands in for the client drizzle and pg-boss are given, with PGlite's own locks, parameter serializers
 * and result parsers, so rows and errors come back as from `query`.
 */
export class PgliteWithNamedStatements {
  readonly #client: PGlite;
  /** By text, least recently used first (a Map keeps the order entries were set in). */
  readonly #statements = new Map<string, Statement>();

  readonly #statementsKept: number;

  constructor(client: PGlite, { statementsKept = STATEMENTS_KEPT } = {}) {
    this.#client = client;
    this.#statementsKept = statementsKept;
  }

  query: Query = async (text, params, options) => {
    // As PGlite's query: wait until the database has started and for a transaction in progress, then hold the
    // database for this one statement.
    await this.#client.waitReady;
    return this.#client._runExclusiveTransaction(() =>
      this.#client._runExclusiveQuery(() => this.#run(text, params, options, { inTransaction: false })),
    );
  };

  /** Drizzle's transactions: their statements run by name too, inside the transaction PGlite holds. */
  transaction = <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> =>
    this.#client.transaction((tx) => callback(this.#namedWithin(tx)));

  #namedWithin(tx: Transaction): Transaction {
    const query: Query = async (text, params, options) => {
      if (tx.closed) throw new Error('Transaction is closed');
      return this.#client._runExclusiveQuery(() => this.#run(text, params, options, { inTransaction: true }));
    };
    return Object.assign(Object.create(tx) as Transaction, { query });
  }

  async #run<T>(
    text: string,
    params: unknown[] = [],
    options: QueryOptions | undefined,
    { inTransaction }: { inTransaction: boolean },
  ): Promise<Results<T>> {
    try {
      const statement = await this.#statementFor(text, options);
      const messages = await this.#client.execProtocolStream(
        synced(
          serialize.bind({ statement: statement.name, values: this.#serialized(params, statement, options) }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
        ),
        // As PGlite's query: a statement outside a transaction is written through at once.
        { syncToFs: !inTransaction },
      );
      return parse.parseResults(messages, this.#parsers(options), { ...options, parsers: undefined })[0] as Results<T>;
    } catch (error) {
      // As PGlite's query, the database's error carries the statement that failed, for the log.
      throw Object.assign(error as Error, { query: text, params, queryOptions: options });
    }
  }

  async #statementFor(text: string, options: QueryOptions | undefined): Promise<Statement> {
    const known = this.#statements.get(text);
    if (known) {
      this.#statements.delete(text);
      this.#statements.set(text, known);
      return known;
    }
    const name = `hearth_${++statementsNamed}`;
    const described = await this.#client.execProtocolStream(
      synced(serialize.parse({ name, text, types: options?.paramTypes }), serialize.describe({ type: 'S', name })),
      { syncToFs: false },
    );
    const statement = { name, parameterTypes: parse.parseDescribeStatementResults(described) };
    this.#statements.set(text, statement);
    if (this.#statements.size > this.#statementsKept) await this.#forgetLeastRecentlyUsed();
    return statement;
  }

  async #forgetLeastRecentlyUsed() {
    const [text, statement] = this.#statements.entries().next().value!;
    this.#statements.delete(text);
    await this.#client.execProtocolStream(synced(serialize.close({ type: 'S', name: statement.name })), {
      syncToFs: false,
    });
  }

  /** Each value in the text form of its parameter's type, as PGlite's query sends it. */
  #serialized(params: unknown[], statement: Statement, options: QueryOptions | undefined) {
    return params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.parameterTypes[i]!;
      const serializer = options?.serializers?.[type] ?? this.#client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
  }

  /**
   * The caller's parsers over PGlite's. PGlite merges the two by copying its own several hundred into a new
   * object on every query, which cost drizzle's each 0.17 ms; a prototype chain costs nothing.
   */
  #parsers(options: QueryOptions | undefined) {
    if (!options?.parsers) return this.#client.parsers;
    return Object.assign(Object.create(this.#client.parsers) as PGlite['parsers'], options.parsers);
  }
}
