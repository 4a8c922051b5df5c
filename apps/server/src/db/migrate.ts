import { readdir, readFile } from 'node:fs/promises'
import { sql, type Kysely } from 'kysely'
import { migrationsDir } from '../paths'
import type { Database } from './schema'

const migrationFile = /^(\d{4})_[a-z0-9_]+\.sql$/

export interface Migration {
  version: string
  name: string
  sql: string
}

export async function loadMigrations(dir: URL = migrationsDir): Promise<Migration[]> {
  const names = (await readdir(dir)).filter((name) => migrationFile.test(name)).sort()
  return Promise.all(
    names.map(async (name) => ({
      version: name.slice(0, 4),
      name,
      sql: await readFile(new URL(name, dir), 'utf8'),
    })),
  )
}

/**
 * Applies the migrations not applied yet, all in one transaction, under an advisory
 * lock so that several server processes starting together migrate once.
 */
export async function migrate(db: Kysely<Database>, migrations?: Migration[]): Promise<string[]> {
  const pending = migrations ?? (await loadMigrations())
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('tableside:migrations'))`.execute(trx)
    await sql`create table if not exists schema_migrations (
      version text primary key,
      applied_at timestamptz not null default now()
    )`.execute(trx)
    const applied = new Set(
      (await trx.selectFrom('schemaMigrations').select('version').execute()).map((m) => m.version),
    )
    const done: string[] = []
    for (const migration of pending) {
      if (applied.has(migration.version)) continue
      await sql.raw(migration.sql).execute(trx)
      await trx.insertInto('schemaMigrations').values({ version: migration.version }).execute()
      done.push(migration.name)
    }
    return done
  })
}
