import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'
import * as z from 'zod/mini'
import { restaurantMenu, type Dish, type RestaurantMenu } from '@tableside/contracts/menu'
import { story, type Story } from '@tableside/contracts/stories'
import type { MenuRows } from './menu-repository'

export interface ScheduledStory {
  story: Story
  startsAt: Date | null
  endsAt: Date | null
}

export type MenuEncoding = 'br' | 'gzip' | 'identity'

/** One answer as it goes out: its headers and bytes, made once per menu version. */
export interface PreparedAnswer {
  headers: Readonly<Record<string, string>>
  bytes: Buffer
}

/** The menu body as sent: one JSON text, compressed once, with its ETag. */
export interface MenuBody {
  etag: string
  identity: Buffer
  br: Buffer
  gzip: Buffer
  /** The 200 in each encoding, headers and all: a request only picks one. */
  answers: Readonly<Record<MenuEncoding, PreparedAnswer>>
  /** The 304's headers. */
  notModified: Readonly<Record<string, string>>
}

/** One restaurant's menu at one version, held in memory and served without touching the database. */
export interface MenuSnapshot {
  restaurantId: string
  currency: string
  version: string
  menu: RestaurantMenu
  dishes: ReadonlyMap<string, { dish: Dish; menuId: string }>
  stories: readonly ScheduledStory[]
  body: MenuBody
}

const scheduledStories = z.array(story)

/** Builds the snapshot from the rows; the rows pass through the contract, so what we serve is what we promise. */
export async function buildMenuSnapshot(rows: NonNullable<MenuRows>): Promise<MenuSnapshot> {
  const dishIdsByCategory = new Map<string, string[]>()
  for (const dish of rows.dishes) {
    const ids = dishIdsByCategory.get(dish.categoryId) ?? []
    ids.push(dish.id)
    dishIdsByCategory.set(dish.categoryId, ids)
  }
  const menu = restaurantMenu.parse({
    restaurantId: rows.restaurant.id,
    version: rows.restaurant.menuVersion,
    menus: rows.menus.map((m) => ({
      id: m.id,
      name: m.name,
      description: m.description,
      servedFrom: m.servedFrom,
      servedUntil: m.servedUntil,
      categories: rows.categories
        .filter((c) => c.menuId === m.id)
        .map((c) => ({
          id: c.id,
          parentId: c.parentId,
          name: c.name,
          description: c.description,
          dishIds: dishIdsByCategory.get(c.id) ?? [],
        })),
    })),
    dishes: rows.dishes.map((d) => ({
      id: d.id,
      categoryId: d.categoryId,
      name: d.name,
      description: d.description,
      photo: d.photo,
      portion: d.portion,
      nutrition: d.nutrition,
      price: d.price,
      modifierGroups: d.modifierGroups,
      allergens: d.allergens,
      diet: d.diet,
      highlight: d.highlight,
      ageRestricted: d.ageRestricted,
      available: d.available,
    })),
  })

  const menuOfCategory = new Map(rows.categories.map((c) => [c.id, c.menuId]))
  const dishes = new Map(
    menu.dishes.map((dish) => [
      dish.id,
      { dish, menuId: menuOfCategory.get(dish.categoryId) ?? '' },
    ]),
  )
  const storyBodies = scheduledStories.parse(
    rows.stories.map((s) => ({
      id: s.id,
      title: s.title,
      caption: s.caption,
      media: s.media,
      dishId: s.dishId,
      durationMs: s.durationMs,
    })),
  )
  const stories = storyBodies.map((body, i) => ({
    story: body,
    startsAt: rows.stories[i]?.startsAt ?? null,
    endsAt: rows.stories[i]?.endsAt ?? null,
  }))

  return {
    restaurantId: rows.restaurant.id,
    currency: rows.restaurant.currency,
    version: menu.version,
    menu,
    dishes,
    stories,
    body: await menuBody(menu),
  }
}

const compressBrotli = promisify(brotliCompress)
const compressGzip = promisify(gzip)

/**
 * Compressed once per menu version, on libuv's threads rather than the event loop: brotli at its
 * top quality (11) held every request ~80 ms on each menu change. Quality 10 makes the demo menu
 * no larger (11.7 KB of 55 KB) at under half the work.
 */
async function menuBody(menu: RestaurantMenu): Promise<MenuBody> {
  const identity = Buffer.from(JSON.stringify(menu))
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 16)
  const [br, gzipped] = await Promise.all([
    compressBrotli(identity, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 10,
        [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    compressGzip(identity, { level: 9 }),
  ])
  const etag = `"m${menu.version}-${hash}"`
  // Browsers revalidate cheaply (304); the bytes differ by Accept-Encoding.
  const notModified = Object.freeze({
    etag,
    'cache-control': 'no-cache',
    vary: 'accept-encoding',
  })
  const answer = (encoding: MenuEncoding, bytes: Buffer): PreparedAnswer => ({
    headers: Object.freeze({
      ...notModified,
      'content-type': 'application/json; charset=utf-8',
      ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
      'content-length': String(bytes.length),
    }),
    bytes,
  })
  return {
    etag,
    identity,
    br,
    gzip: gzipped,
    answers: {
      br: answer('br', br),
      gzip: answer('gzip', gzipped),
      identity: answer('identity', identity),
    },
    notModified,
  }
}

/** The stories a diner sees at `now`: those whose period has begun and not ended. */
export function activeStories(snapshot: MenuSnapshot, now: Date): Story[] {
  return snapshot.stories
    .filter(({ startsAt, endsAt }) => (!startsAt || startsAt <= now) && (!endsAt || now < endsAt))
    .map(({ story: s }) => s)
}

/** The photos of the first dishes a menu shows, top of the page first. */
export function firstDishPhotos(
  snapshot: MenuSnapshot,
  menuId: string | null,
  count: number,
): string[] {
  const menu = snapshot.menu.menus.find((m) => m.id === menuId) ?? snapshot.menu.menus[0]
  const urls: string[] = []
  for (const category of menu?.categories ?? []) {
    for (const dishId of category.dishIds) {
      const url = snapshot.dishes.get(dishId)?.dish.photo?.url
      if (url) urls.push(url)
      if (urls.length >= count) return urls
    }
  }
  return urls
}
