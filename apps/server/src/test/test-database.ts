import { createHash, randomBytes } from 'node:crypto'
import { access, mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import pg from 'pg'
import { extract } from 'tar'
import {
  EMBEDDED_SNAPSHOT_FORMAT,
  openDatabase,
  snapshotEmbedded,
  type DatabaseHandle,
} from '../db/database'
import { loadMigrations, migrate } from '../db/migrate'

export interface TestDatabaseKind {
  name: string
  /** A database with every migration applied. */
  open(): Promise<DatabaseHandle>
  /** A database with no migration applied (an upgrade test applies them in its own steps). */
  openBlank(): Promise<DatabaseHandle>
}

/** The embedded engine's package version (its package.json is not among its exports). */
async function engineVersion(): Promise<string> {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
  while (basename(dir) !== 'pglite') {
    if (dirname(dir) === dir) throw new Error('the embedded engine has no package folder')
    dir = dirname(dir)
  }
  const { version } = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as {
    version: string
  }
  return version
}

const snapshotFiles = new Map<'blank' | 'migrated', Promise<string>>()
const snapshots = new Map<'blank' | 'migrated', Promise<Blob>>()

/**
 * An embedded database as files to start from, blank or with every migration applied: the path
 * of its tar. A new engine runs initdb (about 2 s of CPU, several seconds of a busy machine's);
 * loading these takes a fraction of that. Kept on disk under a name made of the migrations
 * applied and the engine's version, so every test file (each in a module scope of its own) and
 * worker makes each once per machine at most, and a change to either (or to what a snapshot
 * leaves out) gives a new name: a stale snapshot is never read.
 */
function snapshotFile(kind: 'blank' | 'migrated'): Promise<string> {
  const made =
    snapshotFiles.get(kind) ??
    (async () => {
      const migrations = kind === 'migrated' ? await loadMigrations() : []
      const engine = await engineVersion()
      const key = createHash('sha256')
        .update(engine)
        .update(String(EMBEDDED_SNAPSHOT_FORMAT))
        .update(JSON.stringify(migrations))
        .digest('hex')
        .slice(0, 16)
      const path = join(tmpdir(), `tableside-test-pglite-${key}.tar`)
      try {
        await access(path)
      } catch {
        const files = await snapshotEmbedded(async (db) => {
          if (migrations.length > 0) await migrate(db, migrations)
        })
        const partial = `${path}.${String(process.pid)}.${randomBytes(4).toString('hex')}`
        await writeFile(partial, Buffer.from(await files.arrayBuffer()))
        await rename(partial, path)
      }
      return path
    })()
  snapshotFiles.set(kind, made)
  return made
}

/** The snapshot's files in memory, for `pglite-memory` databases to start from. */
function snapshot(kind: 'blank' | 'migrated'): Promise<Blob> {
  const read =
    snapshots.get(kind) ?? snapshotFile(kind).then(async (path) => new Blob([await readFile(path)]))
  snapshots.set(kind, read)
  return read
}

/**
 * Fills `dataDir` (a server's `DATA_DIR`) with an embedded database that has every migration
 * applied, as a server's first start would leave it but without initdb's seconds of CPU: for
 * tests of what runs on a data directory (the command lines), not of the first start itself.
 */
export async function migratedDataDir(dataDir: string): Promise<void> {
  const pgdata = join(dataDir, 'pgdata')
  await mkdir(pgdata, { recursive: true })
  await extract({ file: await snapshotFile('migrated'), cwd: pgdata })
}

const pglite: TestDatabaseKind = {
  name: 'embedded PGlite',
  async open() {
    const handle = await openDatabase({ kind: 'pglite-memory', from: await snapshot('migrated') })
    // Nothing to apply when the snapshot is current; it says so if ever it were not.
    const applied = await migrate(handle.db)
    if (applied.length > 0) throw new Error(`the test snapshot lacked ${applied.join(', ')}`)
    return handle
  },
  openBlank: async () => openDatabase({ kind: 'pglite-memory', from: await snapshot('blank') }),
}

/** `url` with its database replaced by `database`. */
function onDatabase(url: string, database: string): string {
  const target = new URL(url)
  target.pathname = `/${database}`
  return target.toString()
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** PostgreSQL's code for "that database exists already". */
const DUPLICATE_DATABASE = '42P04'

/**
 * Each run gets a database or a schema of its own on the server, dropped afterwards, so runs
 * never collide. A migrated one is a copy of a template database that has every migration
 * applied (made once per set of migrations and kept, like the embedded snapshot): copying it
 * costs a fraction of applying the migrations again, for every test file on PostgreSQL
 * (decision 0126). A blank one, for upgrade tests that apply migrations in their own steps, is
 * a schema.
 */
function postgres(url: string): TestDatabaseKind {
  let template: Promise<string> | undefined
  /** The name of the migrated template, made if this set of migrations has none yet. */
  const migratedTemplate = () =>
    (template ??= (async () => {
      const migrations = await loadMigrations()
      const key = createHash('sha256').update(JSON.stringify(migrations)).digest('hex')
      const name = `tableside_template_${key.slice(0, 16)}`
      return withAdmin(url, async (admin) => {
        const found = await admin.query('select 1 from pg_database where datname = $1', [name])
        if (found.rowCount) return name
        // Made under a name of its own and renamed when whole: a run that dies half way
        // leaves a stray database, never a template without every migration.
        const building = `${name}_${randomBytes(4).toString('hex')}`
        await admin.query(`create database ${building}`)
        const handle = await openDatabase({ kind: 'postgres', url: onDatabase(url, building) })
        try {
          await migrate(handle.db, migrations)
        } finally {
          await handle.close()
        }
        try {
          await admin.query(`alter database ${building} rename to ${name}`)
        } catch (error) {
          // Another worker made it first: theirs is the same.
          if ((error as { code?: string }).code !== DUPLICATE_DATABASE) throw error
          await admin.query(`drop database ${building}`)
        }
        return name
      })
    })())

  async function openBlank(): Promise<DatabaseHandle> {
    const schema = `test_${randomBytes(6).toString('hex')}`
    await withAdmin(url, (admin) => admin.query(`create schema ${schema}`))
    const handle = await openDatabase({ kind: 'postgres', url, schema, poolSize: 4 })
    return {
      ...handle,
      async close() {
        await handle.close()
        await withAdmin(url, (admin) => admin.query(`drop schema ${schema} cascade`))
      },
    }
  }
  return {
    name: 'PostgreSQL server',
    async open() {
      const source = await migratedTemplate()
      const database = `tableside_test_${randomBytes(6).toString('hex')}`
      await withAdmin(url, (admin) => admin.query(`create database ${database} template ${source}`))
      const handle = await openDatabase({
        kind: 'postgres',
        url: onDatabase(url, database),
        poolSize: 4,
      })
      // Nothing to apply when the template is current; it says so if ever it were not.
      const applied = await migrate(handle.db)
      if (applied.length > 0) throw new Error(`the test template lacked ${applied.join(', ')}`)
      return {
        ...handle,
        async close() {
          await handle.close()
          await withAdmin(url, (admin) =>
            admin.query(`drop database if exists ${database} with (force)`),
          )
        },
      }
    },
    openBlank,
  }
}

export const postgresUrl = process.env.TEST_DATABASE_URL
/** The PostgreSQL server alone, for races that only separate connections can run. */
export const postgresDatabase = postgresUrl ? postgres(postgresUrl) : undefined
export const testDatabaseKinds: TestDatabaseKind[] = postgresDatabase
  ? [pglite, postgresDatabase]
  : [pglite]
export const postgresSkipReason = postgresUrl ? undefined : 'TEST_DATABASE_URL is not set'
