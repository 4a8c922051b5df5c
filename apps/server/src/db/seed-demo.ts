import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql, type Kysely } from 'kysely'
import type { OpeningHours, RestaurantSettings } from '@tableside/contracts/restaurants'
import { createMenuRepository } from '../features/menu/menu-repository'
import { createMenuService } from '../features/menu/menu-service'
import { createGarconRepository } from '../features/garcon/garcon-repository'
import { hashSecret } from '../lib/secret-hash'
import { newTableQrToken } from '../features/table-sessions/table-qr-token'
import { demoDir } from '../paths'
import type { Database } from './schema'

export const DEMO_RESTAURANT_ID = 'demo'
export const DEMO_TABLE_CODES = Array.from({ length: 12 }, (_, i) => `T${i + 1}`)
/** The demo's two zones, in both languages of its menu. */
const DEMO_ZONES = {
  hall: { ru: 'Зал', en: 'Hall' },
  terrace: { ru: 'Терраса', en: 'Terrace' },
} as const
export const DEMO_MENU_FILE = join(demoDir, 'menu.json')
/** Sign-ins for the waiter area of the demo restaurant (README lists them). */
export const DEMO_WAITERS = [
  { name: 'Анна', login: 'anna', pin: '1111', tables: ['T1', 'T2', 'T3', 'T4', 'T5', 'T6'] },
  { name: 'Игорь', login: 'igor', pin: '2222', tables: ['T7', 'T8', 'T9', 'T10', 'T11', 'T12'] },
] as const

/** The demo restaurant's manager and kitchen screen (decision 0062; README lists them). */
export const DEMO_STAFF = [
  { role: 'manager', name: 'Мария Петровна', login: 'manager', secret: 'tableside-demo' },
  { role: 'kitchen', name: 'Кухня', login: 'kitchen', secret: '3333' },
] as const

const openingHours: OpeningHours[] = [1, 2, 3, 4, 5, 6, 7].map((day) => ({
  day,
  opens: day === 7 ? '09:00' : '08:00',
  closes: day === 5 || day === 6 ? '01:00' : '23:00',
}))

const settings: RestaurantSettings = {
  orderTypes: ['dine_in', 'delivery', 'pickup', 'preorder'],
  paymentMethods: ['cash', 'card', 'sbp'],
  onlinePayment: true,
  kitchenBeforeOnlinePayment: false,
  waiterRefunds: false,
  kitchenLeadMinutes: 30,
  tipPresetsPercent: [5, 10, 15],
  serviceChargeBasisPoints: 0,
  delivery: {
    minOrder: 100_000,
    fee: 19_900,
    freeFrom: 250_000,
    leadTimeMinutes: 60,
    zoneNote: {
      ru: 'Доставляем в пределах Садового кольца',
      en: 'We deliver within the Garden Ring',
    },
  },
  pickup: { leadTimeMinutes: 20 },
  preorder: { leadTimeMinutes: 120, slotMinutes: 30 },
  tableSessionMinutes: 180,
}

/**
 * A working restaurant on an empty database, so `npm start` shows something real: the
 * restaurant and its tables when there are no restaurants yet, and its menu (from
 * `apps/server/demo/menu.json`, through the same import restaurants use) while it has none.
 */
export async function seedDemo(
  db: Kysely<Database>,
  options: { callEscalationSeconds?: number | undefined } = {},
): Promise<boolean> {
  const created = await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('restaurants').select('id').limit(1).executeTakeFirst()
    if (existing) return false
    await addRestaurant(trx, { id: DEMO_RESTAURANT_ID, ...options })
    return true
  })
  const filled = await fillRestaurant(db, DEMO_RESTAURANT_ID)
  return created || filled
}

/**
 * A restaurant with the demo's content under an id of its own: its bonus programme, zones,
 * tables (QR tokens of their own), menu, waiters, manager, kitchen and stations. The
 * end-to-end stories give each file one, so no story finds another's orders or calls.
 */
export async function seedRestaurant(
  db: Kysely<Database>,
  restaurant: { id: string; callEscalationSeconds?: number | undefined },
): Promise<void> {
  await db.transaction().execute((trx) => addRestaurant(trx, restaurant))
  await fillRestaurant(db, restaurant.id)
}

async function addRestaurant(
  trx: Kysely<Database>,
  { id, callEscalationSeconds }: { id: string; callEscalationSeconds?: number | undefined },
): Promise<void> {
  await trx
    .insertInto('restaurants')
    .values({
      id,
      name: 'Бистро «Самовар»',
      description: JSON.stringify({
        ru: 'Русская кухня без спешки: борщ, пельмени ручной лепки и чай из самовара.',
        en: 'Unhurried Russian cooking: borscht, hand-made pelmeni and tea from the samovar.',
      }),
      address: 'Москва, ул. Покровка, 17',
      phone: '+74951234567',
      locale: 'ru-RU',
      defaultLanguage: 'ru',
      currency: 'RUB',
      timezone: 'Europe/Moscow',
      openingHours: JSON.stringify(openingHours),
      settings: JSON.stringify(settings),
      ...(callEscalationSeconds === undefined ? {} : { callEscalationSeconds }),
    })
    .execute()
  // The bonus programme diners read in their profile (issue 16): 5 % back, up to 30 % of an
  // order in points, points kept 180 days, 200 on joining and 500 on a birthday.
  await trx
    .insertInto('bonusPrograms')
    .values({
      restaurantId: id,
      earnBasisPoints: 500,
      maxShareBasisPoints: 3000,
      expiryDays: 180,
      welcomePoints: 200,
      birthdayPoints: 500,
    })
    .execute()
  const [hall, terrace] = await trx
    .insertInto('tableZones')
    .values(
      [DEMO_ZONES.hall, DEMO_ZONES.terrace].map((name, position) => ({
        restaurantId: id,
        name: JSON.stringify(name),
        position,
      })),
    )
    .returning('id')
    .execute()
  await trx
    .insertInto('restaurantTables')
    .values(
      DEMO_TABLE_CODES.map((code, i) => ({
        restaurantId: id,
        code,
        label: String(i + 1),
        // The database copies the zone's name onto the table (migration 0034).
        zoneId: (i < 8 ? hall : terrace)?.id ?? null,
        seats: i % 3 === 0 ? 2 : 4,
        // Random on every install, never in the repository: the QR code is the key (0026).
        qrToken: newTableQrToken(),
      })),
    )
    .execute()
}

/** What a restaurant of the demo's still lacks: its menu, waiters, staff and stations. */
async function fillRestaurant(db: Kysely<Database>, restaurantId: string): Promise<boolean> {
  const menuImported = await seedMenu(db, restaurantId)
  const waitersAdded = await seedWaiters(db, restaurantId)
  const staffAdded = await seedStaff(db, restaurantId)
  const stationsAdded = await seedStations(db, restaurantId)
  return menuImported || waitersAdded || staffAdded || stationsAdded
}

/** The demo kitchen's stations and the categories each cooks (decision 0070), while it has none. */
const DEMO_STATIONS = [
  {
    name: 'Горячий цех',
    categories: ['soups', 'mains', 'dumplings', 'sides', 'breakfast-classics', 'porridge'],
  },
  { name: 'Холодный цех', categories: ['starters', 'salads', 'desserts'] },
  {
    name: 'Бар',
    categories: ['soft-drinks', 'tea-coffee', 'wine', 'beer', 'spirits', 'cocktails'],
  },
]

async function seedStations(db: Kysely<Database>, restaurantId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const restaurant = await trx
      .selectFrom('restaurants')
      .select('id')
      .where('id', '=', restaurantId)
      .forUpdate()
      .executeTakeFirst()
    const any = await trx
      .selectFrom('kitchenStations')
      .select('id')
      .where('restaurantId', '=', restaurantId)
      .limit(1)
      .executeTakeFirst()
    if (!restaurant || any) return false
    for (const [sortOrder, station] of DEMO_STATIONS.entries()) {
      const { id } = await trx
        .insertInto('kitchenStations')
        .values({ restaurantId, name: station.name, sortOrder })
        .returning('id')
        .executeTakeFirstOrThrow()
      await trx
        .insertInto('kitchenStationCategories')
        .values(
          station.categories.map((categoryId) => ({
            restaurantId,
            categoryId,
            stationId: id,
          })),
        )
        .execute()
    }
    return true
  })
}

async function seedMenu(db: Kysely<Database>, restaurantId: string): Promise<boolean> {
  if (!existsSync(DEMO_MENU_FILE)) return false
  const restaurant = await db
    .selectFrom('restaurants')
    .select('id')
    .where('id', '=', restaurantId)
    .executeTakeFirst()
  if (!restaurant) return false
  const menu = await db
    .selectFrom('menus')
    .select('id')
    .where('restaurantId', '=', restaurantId)
    .limit(1)
    .executeTakeFirst()
  if (menu) return false
  const file: unknown = JSON.parse(readFileSync(DEMO_MENU_FILE, 'utf8'))
  await createMenuService({ repository: createMenuRepository(db) }).importMenu(restaurantId, file)
  return true
}

const demoSecretHashes = new Map<string, Promise<string>>()

/**
 * The demo's PINs and passwords are hashed once per process: every restaurant seeded with the
 * demo's content shares them, and a hash takes a deliberate fraction of a second.
 */
function demoSecretHash(secret: string): Promise<string> {
  const known = demoSecretHashes.get(secret)
  if (known) return known
  const hashed = hashSecret(secret)
  demoSecretHashes.set(secret, hashed)
  return hashed
}

/** The demo's waiters while the restaurant has none (also on a database from before waiters). */
async function seedWaiters(db: Kysely<Database>, restaurantId: string): Promise<boolean> {
  const restaurant = await db
    .selectFrom('restaurants')
    .select('id')
    .where('id', '=', restaurantId)
    .executeTakeFirst()
  const waiters = createGarconRepository(db)
  if (!restaurant || (await waiters.hasWaiters(restaurantId))) return false
  for (const { name, login, pin, tables } of DEMO_WAITERS) {
    const pinHash = await demoSecretHash(pin)
    const id = await waiters.addWaiter({ restaurantId, name, login, pinHash })
    // Who serves which tables: the bill names them, and their tips are theirs.
    await sql`
      insert into waiter_tables (waiter_id, table_id)
      select ${id}, id from restaurant_tables
      where restaurant_id = ${restaurantId} and code in (${sql.join(tables)})
    `.execute(db)
  }
  return true
}

/** The demo's manager and kitchen while the restaurant has no staff (also on older databases). */
async function seedStaff(db: Kysely<Database>, restaurantId: string): Promise<boolean> {
  const restaurant = await db
    .selectFrom('restaurants')
    .select('id')
    .where('id', '=', restaurantId)
    .executeTakeFirst()
  const anyStaff = await db
    .selectFrom('staff')
    .select('id')
    .where('restaurantId', '=', restaurantId)
    .limit(1)
    .executeTakeFirst()
  if (!restaurant || anyStaff) return false
  for (const { role, name, login, secret } of DEMO_STAFF) {
    await db
      .insertInto('staff')
      .values({
        restaurantId,
        role,
        name,
        login,
        secretHash: await demoSecretHash(secret),
      })
      .execute()
  }
  return true
}
