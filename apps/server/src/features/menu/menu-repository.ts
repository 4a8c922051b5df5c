import { sql, type Kysely, type Transaction } from 'kysely'
import type { MenuFile } from '@tableside/contracts/menu-file'
import { placedCategories, placedDishes } from '@tableside/contracts/menu-file'
import { menuUpdated, restaurantChannel } from '@tableside/contracts/realtime-events'
import type { Database } from '../../db/schema'
import { publishEntry } from '../outbox/outbox'
import { createOutboxRepository, type OutboxEntry } from '../outbox/outbox-repository'

const json = (value: unknown) => JSON.stringify(value)
const optionalJson = (value: unknown) => (value === undefined ? null : JSON.stringify(value))

export type MenuRows = Awaited<ReturnType<MenuRepository['load']>>

/**
 * `menu.updated` on the restaurant's public channel, as an outbox entry written with the change
 * (decision 0027): open menus hear of a new menu (`availability` null) or of dishes going on or
 * off the stop-list, even when the server stops right after the change commits.
 */
export function menuUpdatedEntry(
  restaurantId: string,
  version: string,
  availability: { dishId: string; available: boolean }[] | null,
): OutboxEntry {
  return publishEntry(restaurantChannel(restaurantId), menuUpdated, {
    restaurantId,
    version,
    availability,
  })
}

/** All SQL of the menu: reading it whole, replacing it whole, and the stop-list. */
export function createMenuRepository(db: Kysely<Database>) {
  const outbox = createOutboxRepository(db)
  return {
    /** Everything the menu, its dishes and its stories are built from, in menu order. */
    async load(restaurantId: string) {
      return db.transaction().execute((trx) => readMenuRows(trx, restaurantId))
    },

    /** The menu version of every restaurant: a cheap way to notice changes made elsewhere. */
    async versions(): Promise<Map<string, string>> {
      const rows = await db
        .selectFrom('restaurants')
        .select(['id', sql<string>`menu_version::text`.as('menuVersion')])
        .execute()
      return new Map(rows.map((row) => [row.id, row.menuVersion]))
    },

    /** One restaurant's menu version now; undefined for an unknown restaurant. */
    async version(restaurantId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('restaurants')
        .select(sql<string>`menu_version::text`.as('menuVersion'))
        .where('id', '=', restaurantId)
        .executeTakeFirst()
      return row?.menuVersion
    },

    /**
     * Replaces the restaurant's menu and stories with the file's, in one transaction that also
     * tells open menus (an outbox entry); returns the new version.
     */
    async replace(restaurantId: string, file: MenuFile): Promise<string> {
      return db.transaction().execute(async (trx) => {
        await lockRestaurant(trx, restaurantId)
        await writeMenuFile(trx, restaurantId, file)
        const version = await bumpVersion(trx, restaurantId)
        await outbox.add([menuUpdatedEntry(restaurantId, version, null)], trx)
        return version
      })
    },

    /**
     * Puts dishes on or takes them off the stop-list, and tells open menus of the dishes whose
     * availability actually changed (unknown ids and no-op changes are left out); returns those
     * and the new version.
     */
    async setAvailability(
      restaurantId: string,
      dishIds: readonly string[],
      available: boolean,
    ): Promise<{ changed: string[]; version: string }> {
      return db.transaction().execute(async (trx) => {
        await lockRestaurant(trx, restaurantId)
        const changed =
          dishIds.length === 0
            ? []
            : await trx
                .updateTable('dishes')
                .set({ available })
                .where('restaurantId', '=', restaurantId)
                .where('id', 'in', dishIds)
                .where('available', '!=', available)
                .returning('id')
                .execute()
        if (changed.length === 0) {
          return { changed: [], version: await currentVersion(trx, restaurantId) }
        }
        const version = await bumpVersion(trx, restaurantId)
        const availability = changed.map((row) => ({ dishId: row.id, available }))
        await outbox.add([menuUpdatedEntry(restaurantId, version, availability)], trx)
        return { changed: changed.map((row) => row.id), version }
      })
    },

    async restaurantExists(restaurantId: string): Promise<boolean> {
      const row = await db
        .selectFrom('restaurants')
        .select('id')
        .where('id', '=', restaurantId)
        .executeTakeFirst()
      return row !== undefined
    },
  }
}

export type MenuRepository = ReturnType<typeof createMenuRepository>

/** Menu writes to one restaurant run one at a time, so versions never interleave. */
export async function lockRestaurant(
  trx: Transaction<Database>,
  restaurantId: string,
): Promise<void> {
  await trx
    .selectFrom('restaurants')
    .select('id')
    .where('id', '=', restaurantId)
    .forUpdate()
    .executeTakeFirstOrThrow()
}

export async function bumpVersion(
  trx: Transaction<Database>,
  restaurantId: string,
): Promise<string> {
  const row = await trx
    .updateTable('restaurants')
    .set({ menuVersion: sql<string>`menu_version + 1` })
    .where('id', '=', restaurantId)
    .returning(sql<string>`menu_version::text`.as('menuVersion'))
    .executeTakeFirstOrThrow()
  return row.menuVersion
}

async function currentVersion(trx: Transaction<Database>, restaurantId: string): Promise<string> {
  const row = await trx
    .selectFrom('restaurants')
    .select(sql<string>`menu_version::text`.as('menuVersion'))
    .where('id', '=', restaurantId)
    .executeTakeFirstOrThrow()
  return row.menuVersion
}

/** Everything the menu, its dishes and its stories are built from, in menu order. */
export async function readMenuRows(trx: Transaction<Database>, restaurantId: string) {
  const restaurant = await trx
    .selectFrom('restaurants')
    .select(['id', 'currency', sql<string>`menu_version::text`.as('menuVersion')])
    .where('id', '=', restaurantId)
    .executeTakeFirst()
  if (!restaurant) return undefined
  const menus = await trx
    .selectFrom('menus')
    .selectAll()
    .where('restaurantId', '=', restaurantId)
    .orderBy('sortOrder')
    .execute()
  const categories = await trx
    .selectFrom('menuCategories')
    .selectAll()
    .where('restaurantId', '=', restaurantId)
    .orderBy('sortOrder')
    .execute()
  const dishes = await trx
    .selectFrom('dishes')
    .selectAll()
    .where('restaurantId', '=', restaurantId)
    .orderBy('sortOrder')
    .execute()
  const stories = await trx
    .selectFrom('stories')
    .selectAll()
    .where('restaurantId', '=', restaurantId)
    .orderBy('sortOrder')
    .execute()
  return { restaurant, menus, categories, dishes, stories }
}

/** The restaurant's menu and stories become the file's: everything else is deleted. */
export async function writeMenuFile(
  trx: Transaction<Database>,
  restaurantId: string,
  file: MenuFile,
): Promise<void> {
  await trx.deleteFrom('stories').where('restaurantId', '=', restaurantId).execute()
  await trx.deleteFrom('menus').where('restaurantId', '=', restaurantId).execute()
  await trx.insertInto('menus').values(menuRows(restaurantId, file)).execute()
  const categories = categoryRows(restaurantId, file)
  // Depth-first order puts every parent before its children.
  if (categories.length > 0) await trx.insertInto('menuCategories').values(categories).execute()
  const dishes = dishRows(restaurantId, file)
  if (dishes.length > 0) await trx.insertInto('dishes').values(dishes).execute()
  const stories = storyRows(restaurantId, file)
  if (stories.length > 0) await trx.insertInto('stories').values(stories).execute()
}

/** The rows a file is stored as; sort orders run depth-first through the whole file. */
export const menuRows = (restaurantId: string, file: MenuFile) =>
  file.menus.map((menu, i) => ({
    restaurantId,
    id: menu.id,
    name: json(menu.name),
    description: optionalJson(menu.description),
    servedFrom: menu.servedFrom ?? null,
    servedUntil: menu.servedUntil ?? null,
    sortOrder: i,
  }))

export const categoryRows = (restaurantId: string, file: MenuFile) =>
  placedCategories(file).map(({ category, menuId, parentId }, i) => ({
    restaurantId,
    id: category.id,
    menuId,
    parentId,
    name: json(category.name),
    description: optionalJson(category.description),
    vatRate: category.vatRate ?? null,
    sortOrder: i,
  }))

export const dishRows = (restaurantId: string, file: MenuFile) =>
  placedDishes(file).map(({ dish, categoryId }, i) => ({
    restaurantId,
    id: dish.id,
    categoryId,
    name: json(dish.name),
    description: optionalJson(dish.description),
    photo: optionalJson(dish.photo),
    portion: optionalJson(dish.portion),
    nutrition: optionalJson(dish.nutrition),
    price: dish.price,
    modifierGroups: json(dish.modifierGroups),
    allergens: dish.allergens,
    diet: dish.diet,
    highlight: dish.highlight ?? null,
    ageRestricted: dish.ageRestricted,
    available: dish.available,
    vatRate: dish.vatRate ?? null,
    sortOrder: i,
  }))

export const storyRows = (restaurantId: string, file: MenuFile) =>
  file.stories.map((story, i) => ({
    restaurantId,
    id: story.id,
    title: json(story.title),
    caption: optionalJson(story.caption),
    media: json(story.media),
    dishId: story.dishId ?? null,
    durationMs: story.durationMs,
    startsAt: story.startsAt ? new Date(story.startsAt) : null,
    endsAt: story.endsAt ? new Date(story.endsAt) : null,
    sortOrder: i,
  }))
