import { createHash, randomBytes } from 'node:crypto'
import { readFile, rename, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import pg from 'pg'
import { openDatabase, snapshotEmbedded, type DatabaseHandle } from '../db/database'
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

const snapshots = new Map<'blank' | 'migrated', Promise<Blob>>()

/**
 * An embedded database as files to start from: blank, or with every migration applied. A new
 * engine runs initdb (about 2 s of CPU, several seconds of a busy machine's); loading these takes
 * a third of that. Kept on disk under a name made of the migrations applied and the engine's
 * version, so every test file (each in a module scope of its own) and worker makes each once per
 * machine at most, and a change to either gives a new name: a stale snapshot is never read.
 */
function snapshot(kind: 'blank' | 'migrated'): Promise<Blob> {
  const made =
    snapshots.get(kind) ??
    (async () => {
      const migrations = kind === 'migrated' ? await loadMigrations() : []
      const engine = await engineVersion()
      const key = createHash('sha256')
        .update(engine)
        .update(JSON.stringify(migrations))
        .digest('hex')
        .slice(0, 16)
      const path = join(tmpdir(), `tableside-test-pglite-${key}.tar`)
      try {
        return new Blob([await readFile(path)])
      } catch {
        const files = await snapshotEmbedded(async (db) => {
          if (migrations.length > 0) await migrate(db, migrations)
        })
        const partial = `${path}.${String(process.pid)}.${randomBytes(4).toString('hex')}`
        await writeFile(partial, Buffer.from(await files.arrayBuffer()))
        await rename(partial, path)
        return files
      }
    })()
  snapshots.set(kind, made)
  return made
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

/** Each run gets a schema of its own on the server, dropped afterwards, so runs never collide. */
function postgres(url: string): TestDatabaseKind {
  async function openBlank(): Promise<DatabaseHandle> {
    const schema = `test_${randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`create schema ${schema}`)
    await admin.end()
    const handle = await openDatabase({ kind: 'postgres', url, schema, poolSize: 4 })
    return {
      ...handle,
      async close() {
        await handle.close()
        const cleanup = new pg.Client({ connectionString: url })
        await cleanup.connect()
        await cleanup.query(`drop schema ${schema} cascade`)
        await cleanup.end()
      },
    }
  }
  return {
    name: 'PostgreSQL server',
    async open() {
      const handle = await openBlank()
      await migrate(handle.db)
      return handle
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
