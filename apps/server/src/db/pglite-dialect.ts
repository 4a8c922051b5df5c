import { Mutex, type PGlite } from '@electric-sql/pglite'
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely'
import { PreparedStatements } from './pglite-statements'

/**
 * Kysely on embedded PGlite. PGlite is a single session, so a connection is an
 * exclusive lease: a transaction holds it until commit or rollback and other
 * queries wait their turn instead of interleaving with the transaction.
 */
export class PGliteDialect implements Dialect {
  readonly #client: PGlite

  constructor(client: PGlite) {
    this.#client = client
  }

  createAdapter() {
    return new PostgresAdapter()
  }
  createDriver(): Driver {
    return new PGliteDriver(this.#client)
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db)
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler()
  }
}

class PGliteDriver implements Driver {
  readonly #client: PGlite
  readonly #statements: PreparedStatements
  readonly #lease = new Mutex()
  #release: (() => void) | undefined

  constructor(client: PGlite) {
    this.#client = client
    this.#statements = new PreparedStatements(client)
  }

  async init() {
    await this.#client.waitReady
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    this.#release = await this.#lease.acquire()
    return new PGliteConnection(this.#client, this.#statements)
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const options = [
      settings.isolationLevel && `isolation level ${settings.isolationLevel}`,
      settings.accessMode,
    ].filter(Boolean)
    await connection.executeQuery(CompiledQuery.raw(['begin', ...options].join(' ')))
  }

  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('commit'))
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('rollback'))
  }

  releaseConnection(): Promise<void> {
    const release = this.#release
    this.#release = undefined
    release?.()
    return Promise.resolve()
  }

  async destroy() {
    if (!this.#client.closed) await this.#client.close()
  }
}

class PGliteConnection implements DatabaseConnection {
  readonly #client: PGlite
  readonly #statements: PreparedStatements

  constructor(client: PGlite, statements: PreparedStatements) {
    this.#client = client
    this.#statements = statements
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    // A query without parameters may be a script of several statements (migrations);
    // only the simple protocol (`exec`) runs those, and its last result is the answer.
    if (compiledQuery.parameters.length === 0) {
      const results = await this.#client.exec(compiledQuery.sql)
      this.#statements.afterScript(compiledQuery.sql)
      const last = results.at(-1)
      return { rows: (last?.rows ?? []) as R[], numAffectedRows: BigInt(last?.affectedRows ?? 0) }
    }
    const result = await this.#statements.query<R>(compiledQuery.sql, compiledQuery.parameters)
    return { rows: result.rows, numAffectedRows: BigInt(result.affectedRows ?? 0) }
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on PGlite')
  }
}
