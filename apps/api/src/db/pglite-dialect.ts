import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryResult,
  TransactionSettings,
} from 'kysely';

/**
 * Wraps kysely-pglite's dialect for a server with concurrent requests. PGlite is ONE
 * connection, and kysely-pglite hands that same connection to everyone, so a query from one
 * request could land inside another request's open transaction. Here a connection is held by
 * one user at a time (queued, like Kysely's SQLite driver), and PGlite's `affectedRows` is
 * reported as Kysely's `numAffectedRows`.
 */
export function serializedPGliteDialect(inner: Dialect): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createDriver: () => new SerializedDriver(inner.createDriver()),
    createIntrospector: (db) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
  };
}

class SerializedDriver implements Driver {
  #queue: Promise<void> = Promise.resolve();
  #release: (() => void) | null = null;

  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let release!: () => void;
    this.#queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.#release = release;
    return new AffectedRowsConnection(await this.inner.acquireConnection());
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const inner = (connection as AffectedRowsConnection).inner;
    try {
      await this.inner.releaseConnection(inner);
    } finally {
      const release = this.#release;
      this.#release = null;
      release?.();
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction((connection as AffectedRowsConnection).inner, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction((connection as AffectedRowsConnection).inner);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction((connection as AffectedRowsConnection).inner);
  }

  async destroy(): Promise<void> {
    // Let the query in flight finish before PGlite shuts down.
    await this.#queue;
    await this.inner.destroy();
  }
}

class AffectedRowsConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = (await this.inner.executeQuery<R>(query)) as QueryResult<R> & {
      affectedRows?: number;
    };
    if (result.numAffectedRows === undefined && typeof result.affectedRows === 'number') {
      return { rows: result.rows, numAffectedRows: BigInt(result.affectedRows) };
    }
    return result;
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}
