import { PGlite } from '@electric-sql/pglite'
import { CamelCasePlugin, Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import { lockDataDir } from './data-dir-lock'
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
  close(): Promise<void>
}

/**
 * The embedded engine keeps PostgreSQL's 128 MB of shared buffers inside the process (about
 * 300 MB resident at rest); one restaurant's data fits in 32 MB many times over, and its files
 * stay in the operating system's page cache (decision 0023).
 */
const EMBEDDED_POSTGRESQL_CONF = ['shared_buffers=32MB']

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  const plugins = [new CamelCasePlugin()]

  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
    })
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins })
    try {
      await sql`select 1`.execute(db)
    } catch (error) {
      await db.destroy()
      throw error
    }
    return {
      db,
      describe: `PostgreSQL at ${redactUrl(target.url)}`,
      close: () => db.destroy(),
    }
  }

  if (target.kind === 'pglite-memory') {
    const client = await PGlite.create({
      postgresqlconf: EMBEDDED_POSTGRESQL_CONF,
      ...(target.from ? { loadDataDir: target.from } : {}),
    })
    const db = new Kysely<Database>({ dialect: new PGliteDialect(client), plugins })
    return { db, describe: 'embedded PostgreSQL in memory', close: () => db.destroy() }
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

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return 'the configured DATABASE_URL'
  }
}

/**
 * The files of an embedded database in memory after `prepare`, for `pglite-memory` targets to
 * start `from`: loading them skips the engine's initdb, which costs seconds each time.
 */
export async function snapshotEmbedded(
  prepare: (db: Kysely<Database>) => Promise<unknown>,
): Promise<Blob> {
  const client = await PGlite.create({ postgresqlconf: EMBEDDED_POSTGRESQL_CONF })
  const db = new Kysely<Database>({
    dialect: new PGliteDialect(client),
    plugins: [new CamelCasePlugin()],
  })
  try {
    await prepare(db)
    return await client.dumpDataDir('none')
  } finally {
    await db.destroy()
  }
}
