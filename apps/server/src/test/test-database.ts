import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { openDatabase, type DatabaseHandle } from '../db/database'
import { migrate } from '../db/migrate'

export interface TestDatabaseKind {
  name: string
  open(): Promise<DatabaseHandle>
}

const pglite: TestDatabaseKind = {
  name: 'embedded PGlite',
  async open() {
    const handle = await openDatabase({ kind: 'pglite-memory' })
    await migrate(handle.db)
    return handle
  },
}

/** Each run gets a schema of its own on the server, dropped afterwards, so runs never collide. */
function postgres(url: string): TestDatabaseKind {
  return {
    name: 'PostgreSQL server',
    async open() {
      const schema = `test_${randomBytes(6).toString('hex')}`
      const admin = new pg.Client({ connectionString: url })
      await admin.connect()
      await admin.query(`create schema ${schema}`)
      await admin.end()
      const handle = await openDatabase({ kind: 'postgres', url, schema, poolSize: 4 })
      await migrate(handle.db)
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
    },
  }
}

export const postgresUrl = process.env.TEST_DATABASE_URL
/** The PostgreSQL server alone, for races that only separate connections can run. */
export const postgresDatabase = postgresUrl ? postgres(postgresUrl) : undefined
export const testDatabaseKinds: TestDatabaseKind[] = postgresDatabase
  ? [pglite, postgresDatabase]
  : [pglite]
export const postgresSkipReason = postgresUrl ? undefined : 'TEST_DATABASE_URL is not set'
