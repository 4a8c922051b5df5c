import type { Kysely, Transaction } from 'kysely'
import type { MenuFile } from '@tableside/contracts/menu-file'
import type { Database } from '../../db/schema'
import { createOutboxRepository } from '../outbox/outbox-repository'
import { menuFileFromRows } from './menu-export'
import {
  bumpVersion,
  categoryRows,
  dishRows,
  lockRestaurant,
  menuUpdatedEntry,
  menuRows,
  readMenuRows,
  storyRows,
  writeMenuFile,
} from './menu-repository'

/** What one back-office change does to the menu file, decided inside its transaction. */
export interface MenuChange {
  file: MenuFile
  /** Dishes whose stop-list state changed: open menus patch them without a refetch. */
  availability?: { dishId: string; available: boolean }[]
  /** The whole menu is new (an import): rewrite it rather than compare row by row. */
  replace?: boolean
}

/**
 * The back office's SQL: the menu read as its file, and a change written as the rows that
 * differ (decision 0064), so columns the file does not carry (a category's kitchen station)
 * survive an edit.
 */
export function createMenuAdminRepository(db: Kysely<Database>) {
  const outbox = createOutboxRepository(db)
  return {
    async read(restaurantId: string): Promise<{ version: string; file: MenuFile } | undefined> {
      return db.transaction().execute(async (trx) => {
        const rows = await readMenuRows(trx, restaurantId)
        return rows && { version: rows.restaurant.menuVersion, file: menuFileFromRows(rows) }
      })
    },

    /**
     * Runs `edit` on the current file under the restaurant's menu lock, writes what it returns,
     * bumps the version and tells open menus (an outbox entry), all in one transaction.
     */
    async change(
      restaurantId: string,
      edit: (file: MenuFile, trx: Transaction<Database>) => Promise<MenuChange>,
    ): Promise<{ version: string; file: MenuFile }> {
      return db.transaction().execute(async (trx) => {
        await lockRestaurant(trx, restaurantId)
        const rows = await readMenuRows(trx, restaurantId)
        if (!rows) throw new Error(`There is no restaurant "${restaurantId}"`)
        const before = menuFileFromRows(rows)
        const change = await edit(before, trx)
        if (change.replace) await writeMenuFile(trx, restaurantId, change.file)
        else await writeDifferences(trx, restaurantId, before, change.file)
        const version = await bumpVersion(trx, restaurantId)
        const patch = change.availability?.length ? change.availability : null
        await outbox.add([menuUpdatedEntry(restaurantId, version, patch)], trx)
        return { version, file: change.file }
      })
    },

    /**
     * Every picture address any restaurant uses now: dishes' photos, stories' media and logos.
     * A file may point at another restaurant's uploads, so the sweep asks of all of them.
     */
    picturesInUse: () => picturesInUse(db),
  }
}

export type MenuAdminRepository = ReturnType<typeof createMenuAdminRepository>

async function picturesInUse(db: Kysely<Database>): Promise<string[]> {
  const [dishes, stories, logos] = await Promise.all([
    db.selectFrom('dishes').select('photo').where('photo', 'is not', null).execute(),
    db.selectFrom('stories').select('media').execute(),
    db.selectFrom('restaurants').select('logo').where('logo', 'is not', null).execute(),
  ])
  return [
    ...dishes.map((row) => row.photo?.url),
    ...stories.map((row) => row.media.url),
    ...logos.map((row) => row.logo?.url),
  ].filter((url) => url !== undefined)
}

function differences<R extends { id: string }>(before: R[], after: R[]) {
  const old = new Map(before.map((row) => [row.id, JSON.stringify(row)]))
  const kept = new Set(after.map((row) => row.id))
  return {
    upserts: after.filter((row) => old.get(row.id) !== JSON.stringify(row)),
    removed: before.filter((row) => !kept.has(row.id)).map((row) => row.id),
  }
}

/** Inserts or updates the rows that changed (parents first), then deletes the rows that went. */
async function writeDifferences(
  trx: Transaction<Database>,
  restaurantId: string,
  before: MenuFile,
  after: MenuFile,
): Promise<void> {
  const menus = differences(menuRows(restaurantId, before), menuRows(restaurantId, after))
  const categories = differences(
    categoryRows(restaurantId, before),
    categoryRows(restaurantId, after),
  )
  const dishes = differences(dishRows(restaurantId, before), dishRows(restaurantId, after))
  const stories = differences(storyRows(restaurantId, before), storyRows(restaurantId, after))
  const key = ['restaurantId', 'id'] as const

  for (const row of menus.upserts) {
    await trx
      .insertInto('menus')
      .values(row)
      .onConflict((oc) => oc.columns(key).doUpdateSet(row))
      .execute()
  }
  for (const row of categories.upserts) {
    await trx
      .insertInto('menuCategories')
      .values(row)
      .onConflict((oc) => oc.columns(key).doUpdateSet(row))
      .execute()
  }
  for (const row of dishes.upserts) {
    await trx
      .insertInto('dishes')
      .values(row)
      .onConflict((oc) => oc.columns(key).doUpdateSet(row))
      .execute()
  }
  const gone = (table: 'stories' | 'dishes' | 'menuCategories' | 'menus', ids: string[]) =>
    ids.length === 0
      ? Promise.resolve()
      : trx
          .deleteFrom(table)
          .where('restaurantId', '=', restaurantId)
          .where('id', 'in', ids)
          .execute()
  await gone('stories', stories.removed)
  for (const row of stories.upserts) {
    await trx
      .insertInto('stories')
      .values(row)
      .onConflict((oc) => oc.columns(key).doUpdateSet(row))
      .execute()
  }
  await gone('dishes', dishes.removed)
  await gone('menuCategories', categories.removed)
  await gone('menus', menus.removed)
}
