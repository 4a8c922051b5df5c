import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { DataDirLockedError } from './data-dir-lock'
import { openDatabase } from './database'
import { loadMigrations, migrate } from './migrate'
import { seedDemo } from './seed-demo'
import { testDatabaseKinds } from '../test/test-database'

describe.each(testDatabaseKinds)('database on $name', (kind) => {
  it('migrates once: a second run applies nothing', async () => {
    const handle = await kind.open()
    try {
      expect(await migrate(handle.db)).toEqual([])
      const versions = await handle.db.selectFrom('schemaMigrations').select('version').execute()
      expect(versions.map((v) => v.version)).toEqual((await loadMigrations()).map((m) => m.version))
    } finally {
      await handle.close()
    }
  })

  it('seeds the demo restaurant with tables T1…T12 on an empty database only', async () => {
    const handle = await kind.open()
    try {
      expect(await seedDemo(handle.db)).toBe(true)
      expect(await seedDemo(handle.db)).toBe(false)
      const tables = await handle.db
        .selectFrom('restaurantTables')
        .select('code')
        .where('restaurantId', '=', 'demo')
        .orderBy(sql`length(code)`)
        .orderBy('code')
        .execute()
      expect(tables.map((t) => t.code)).toEqual(Array.from({ length: 12 }, (_, i) => `T${i + 1}`))
    } finally {
      await handle.close()
    }
  })

  it("seeds the demo restaurant's call escalation time when given, a minute when not", async () => {
    for (const [given, stored] of [
      [undefined, 60],
      [10, 10],
    ] as const) {
      const handle = await kind.open()
      try {
        await seedDemo(handle.db, { callEscalationSeconds: given })
        const demo = await handle.db
          .selectFrom('restaurants')
          .select('callEscalationSeconds')
          .where('id', '=', 'demo')
          .executeTakeFirstOrThrow()
        expect(demo.callEscalationSeconds).toBe(stored)
      } finally {
        await handle.close()
      }
    }
  })

  it('rolls a failed transaction back completely', async () => {
    const handle = await kind.open()
    try {
      await expect(
        handle.db.transaction().execute(async (trx) => {
          await trx.insertInto('restaurants').values({ id: 'ghost', name: 'Ghost' }).execute()
          throw new Error('abort')
        }),
      ).rejects.toThrow('abort')
      const ghost = await handle.db
        .selectFrom('restaurants')
        .where('id', '=', 'ghost')
        .selectAll()
        .execute()
      expect(ghost).toEqual([])
    } finally {
      await handle.close()
    }
  })

  it('keeps a transaction whole while other queries run at the same time', async () => {
    const handle = await kind.open()
    try {
      await seedDemo(handle.db)
      const outside: string[][] = []
      await Promise.all([
        handle.db.transaction().execute(async (trx) => {
          await trx.insertInto('restaurants').values({ id: 'mid', name: 'Mid' }).execute()
          await new Promise((resolve) => setTimeout(resolve, 50))
          await trx.deleteFrom('restaurants').where('id', '=', 'mid').execute()
        }),
        (async () => {
          await new Promise((resolve) => setTimeout(resolve, 10))
          const rows = await handle.db
            .selectFrom('restaurants')
            .select('id')
            .orderBy('id')
            .execute()
          outside.push(rows.map((r) => r.id))
        })(),
      ])
      expect(outside).toEqual([['demo']])
    } finally {
      await handle.close()
    }
  })
})

describe('embedded database on disk', () => {
  it('keeps data across restarts and refuses a second opener of the same directory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tableside-data-'))
    const first = await openDatabase({ kind: 'pglite', dataDir })
    await migrate(first.db)
    await seedDemo(first.db)
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(DataDirLockedError)
    await first.close()

    const second = await openDatabase({ kind: 'pglite', dataDir })
    try {
      expect(await migrate(second.db)).toEqual([])
      const demo = await second.db.selectFrom('restaurants').select('name').executeTakeFirst()
      expect(demo?.name).toBe('Бистро «Самовар»')
    } finally {
      await second.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
