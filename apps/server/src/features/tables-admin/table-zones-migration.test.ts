import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../db/database'
import { loadMigrations, migrate } from '../../db/migrate'

describe('migration 0034: the zones tables named become zones of their own', () => {
  it('makes one zone per restaurant and name (in any case), puts the tables in them, and keeps names in step', async () => {
    const handle = await openDatabase({ kind: 'pglite-memory' })
    try {
      const all = await loadMigrations()
      await migrate(
        handle.db,
        all.filter((migration) => migration.version < '0034'),
      )
      const { db } = handle
      await db
        .insertInto('restaurants')
        .values([
          { id: 'one', name: 'One' },
          { id: 'two', name: 'Two' },
        ])
        .execute()
      const zone = (ru: string, en?: string) => JSON.stringify(en ? { ru, en } : { ru })
      await db
        .insertInto('restaurantTables')
        .values([
          { restaurantId: 'one', code: 'A1', label: '1', zone: zone('Терраса', 'Terrace') },
          { restaurantId: 'one', code: 'A2', label: '2', zone: zone('терраса') },
          { restaurantId: 'one', code: 'A3', label: '3', zone: zone('Зал') },
          { restaurantId: 'one', code: 'A4', label: '4', zone: null },
          { restaurantId: 'two', code: 'B1', label: '1', zone: zone('Зал') },
        ])
        .execute()
      await migrate(handle.db, all)

      const zones = await db
        .selectFrom('tableZones')
        .select(['id', 'restaurantId', 'name', 'position'])
        .orderBy('restaurantId')
        .orderBy('position')
        .execute()
      expect(
        zones.map(({ restaurantId, name, position }) => [restaurantId, name.ru, position]),
      ).toEqual([
        ['one', 'Зал', 0],
        ['one', 'Терраса', 1],
        ['two', 'Зал', 0],
      ])
      const tables = await db
        .selectFrom('restaurantTables')
        .select(['code', 'zoneId', 'zone'])
        .orderBy('code')
        .execute()
      const zoneOf = (code: string) => tables.find((table) => table.code === code)?.zoneId
      expect(zoneOf('A1')).toBe(zoneOf('A2'))
      expect(zoneOf('A3')).not.toBe(zoneOf('A1'))
      expect(zoneOf('A4')).toBeNull()
      expect(zoneOf('B1')).not.toBe(zoneOf('A3'))

      // Renamed once, every table in the zone reads the new name; moved, a table reads its new zone's.
      const terrace = zones.find((row) => row.restaurantId === 'one' && row.name.ru === 'Терраса')
      await db
        .updateTable('tableZones')
        .set({ name: zone('Веранда', 'Veranda') })
        .where('id', '=', terrace?.id ?? '')
        .execute()
      await db
        .updateTable('restaurantTables')
        .set({ zoneId: null })
        .where('code', '=', 'A3')
        .execute()
      const after = await db
        .selectFrom('restaurantTables')
        .select(['code', 'zone'])
        .where('restaurantId', '=', 'one')
        .orderBy('code')
        .execute()
      expect(after).toEqual([
        { code: 'A1', zone: { ru: 'Веранда', en: 'Veranda' } },
        { code: 'A2', zone: { ru: 'Веранда', en: 'Veranda' } },
        { code: 'A3', zone: null },
        { code: 'A4', zone: null },
      ])

      // A zone is its own restaurant's: another restaurant's table cannot stand in it.
      await expect(
        db
          .updateTable('restaurantTables')
          .set({ zoneId: terrace?.id ?? '' })
          .where('code', '=', 'B1')
          .execute(),
      ).rejects.toThrow()
    } finally {
      await handle.close()
    }
  })
})
