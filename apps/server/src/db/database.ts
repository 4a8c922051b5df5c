import { PGlite } from '@electric-sql/pglite'
import { CamelCasePlugin, Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import { lockDataDir } from './data-dir-lock'
import { vacuumWhatIsDue, type VacuumDone } from './embedded-vacuum'
import { isDatabaseUnavailable } from './database-unavailable'
import { advisoryClusterLocks, soleNodeLocks, type ClusterLocks } from './cluster-locks'
import { advisoryJobLock, soleNodeJobLock, type JobLock } from './job-lock'
import { PGliteDialect } from './pglite-dialect'
import type { Database } from './schema'

export type DatabaseTarget =
  /** Embedded PostgreSQL in a directory. */
  | { kind: 'pglite'; dataDir: string }
  /** Embedded PostgreSQL in memory, gone when closed (tests); `from` a snapshot's files. */
  | { kind: 'pglite-memory'; from?: Blob }
  /** A PostgreSQL server; `schema` confines everything to one schema (test isolation). */
  | { kind: 'postgres'; url: string; schema?: string; poolSize?: number }

export interface DatabaseHandle {
  db: Kysely<Database>
  describe: string
  /** Which node of those sharing this database runs the periodic jobs (decision 0103). */
  jobLock: JobLock
  /** Named locks one node of those sharing this database holds at a time (decision 0110). */
  clusterLocks: ClusterLocks
  /**
   * The embedded engine's stand-in for autovacuum, which it does not run: vacuums and analyzes
   * the tables that need it now (decision 0143). A PostgreSQL server's own autovacuum does this.
   */
  vacuum?: () => Promise<VacuumDone[]>
  close(): Promise<void>
}

/**
 * The embedded engine keeps PostgreSQL's 128 MB of shared buffers inside the process (about
 * 300 MB resident at rest); one restaurant's data fits in 32 MB many times over, and its files
 * stay in the operating system's page cache (decision 0023). ANALYZE samples a tenth of
 * PostgreSQL's 30,000 rows: on `orders` it held every statement 300 ms and more (decision 0150).
 */
const EMBEDDED_POSTGRESQL_CONF = ['shared_buffers=32MB', 'default_statistics_target=10']

export interface OpenOptions {
  /**
   * Told when the server drops a connection the pool held idle (a restart, a failover, a
   * network blip). The pool discards it and opens a new one when next asked; without a
   * listener node-postgres would throw the error and end the process.
   */
  onConnectionLost?: (error: Error) => void
}

export async function openDatabase(
  target: DatabaseTarget,
  { onConnectionLost = () => undefined }: OpenOptions = {},
): Promise<DatabaseHandle> {
  const plugins = [new CamelCasePlugin()]

  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      // A new connection that does not open in time fails its query (a 503) instead of waiting.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
    })
    pool.on('error', onConnectionLost)
    // A connection dropped while a query holds it fails that query (a 503); the client's own
    // error event would otherwise have no listener while it is checked out, and end the process.
    pool.on('connect', (client) => {
      client.on('error', () => undefined)
    })
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins })
    try {
      await sql`select 1`.execute(db)
    } catch (error) {
      await db.destroy()
      throw error
    }
    const jobLock = advisoryJobLock({
      connectionString: target.url,
      schema: target.schema,
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
    })
    const clusterLocks = advisoryClusterLocks({
      connectionString: target.url,
      schema: target.schema,
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
    })
    return {
      db,
      describe: `PostgreSQL at ${redactUrl(target.url)}`,
      jobLock,
      clusterLocks,
      close: async () => {
        await jobLock.close()
        await clusterLocks.close()
        await db.destroy()
      },
    }
  }

  if (target.kind === 'pglite-memory') {
    const client = await PGlite.create({
      postgresqlconf: EMBEDDED_POSTGRESQL_CONF,
      ...(target.from ? { loadDataDir: target.from } : {}),
    })
    const db = new Kysely<Database>({ dialect: new PGliteDialect(client), plugins })
    return {
      db,
      describe: 'embedded PostgreSQL in memory',
      jobLock: soleNodeJobLock,
      clusterLocks: soleNodeLocks(),
      vacuum: () => vacuumWhatIsDue(db),
      close: () => db.destroy(),
    }
  }

  const unlock = lockDataDir(target.dataDir)
  try {
    const client = await PGlite.create({
      dataDir: `${target.dataDir}/pgdata`,
      postgresqlconf: EMBEDDED_POSTGRESQL_CONF,
    })
    const db = new Kysely<Database>({ dialect: new PGliteDialect(client), plugins })
    return {
      db,
      describe: `embedded PostgreSQL in ${target.dataDir}`,
      jobLock: soleNodeJobLock,
      clusterLocks: soleNodeLocks(),
      vacuum: () => vacuumWhatIsDue(db),
      close: async () => {
        try {
          await db.destroy()
        } finally {
          unlock()
        }
      },
    }
  } catch (error) {
    unlock()
    throw error
  }
}

/** How long a new connection to the server may take before the query fails (503). */
const CONNECT_TIMEOUT_MS = 5_000

/** Waits between tries while the database is unreachable at start: 0.5 s doubling to 10 s. */
const START_DELAYS_MS = [500, 1_000, 2_000, 4_000, 8_000, 10_000]

/**
 * Opens the database, waiting for it while it does not answer (issue 26: a node started while
 * its database is down, or restarting, waits instead of exiting), and saying each time what it
 * waits for. Anything other than an unreachable database (a bad password, a locked data
 * directory) fails at once. The last delay repeats for as long as it takes.
 */
export async function openDatabaseWhenReachable(
  target: DatabaseTarget,
  {
    log,
    delaysMs = START_DELAYS_MS,
    ...options
  }: OpenOptions & { log: (message: string) => void; delaysMs?: readonly number[] },
): Promise<DatabaseHandle> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await openDatabase(target, options)
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error
      const delay = delaysMs[Math.min(attempt, delaysMs.length - 1)] ?? 1_000
      const why = error instanceof Error ? error.message : String(error)
      log(
        `The database at ${describeTarget(target)} is not reachable (${why}); trying again in ${(delay / 1000).toFixed(1)} s`,
      )
      await new Promise((resolve) => setTimeout(resolve, delay))
    }
  }
}

function describeTarget(target: DatabaseTarget): string {
  return target.kind === 'postgres' ? redactUrl(target.url) : target.kind
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return 'the configured DATABASE_URL'
  }
}

/** What `snapshotEmbedded` leaves out, as a version: kept snapshots are named by it too. */
export const EMBEDDED_SNAPSHOT_FORMAT = 2

/**
 * The files of an embedded database in memory after `prepare`, for `pglite-memory` targets to
 * start `from`: loading them skips the engine's initdb, which costs seconds each time.
 *
 * Loading is a file-by-file copy into the engine's memory, so the snapshot carries only what a
 * database that lives for one test uses (decision 0156): a 1 MB WAL segment instead of 16 MB,
 * and no `template0` or `template1`, which only `create database` reads. That is 40 MB and
 * 1,301 files down to 16 MB and 680, and a third of each open's CPU.
 */
export async function snapshotEmbedded(
  prepare: (db: Kysely<Database>) => Promise<unknown>,
): Promise<Blob> {
  const client = await PGlite.create({
    // The checkpoint removes the segments it no longer needs instead of keeping them for reuse.
    postgresqlconf: [...EMBEDDED_POSTGRESQL_CONF, 'min_wal_size=2MB', 'max_wal_size=2MB'],
    initDbStartParams: ['--wal-segsize=1'],
  })
  const db = new Kysely<Database>({
    dialect: new PGliteDialect(client),
    plugins: [new CamelCasePlugin()],
  })
  try {
    await prepare(db)
    for (const template of ['template0', 'template1']) {
      await sql`alter database ${sql.id(template)} is_template false`.execute(db)
      await sql`drop database ${sql.id(template)}`.execute(db)
    }
    await sql`checkpoint`.execute(db)
    return await client.dumpDataDir('none')
  } finally {
    await db.destroy()
  }
}
