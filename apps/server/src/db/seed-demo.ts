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
    await trx
      .insertInto('restaurants')
      .values({
        id: DEMO_RESTAURANT_ID,
        name: 'Бистро «Самовар»',
        description: JSON.stringify({
          ru: 'Русская кухня без спешки: борщ, пельмени ручной лепки и чай из самовара.',
          en: 'Unhurried Russian cooking: borscht, hand-made pelmeni and tea from the samovar.',
        }),
        address: 'Москва, ул. Покровка, 17',
        phone: '+7 495 123-45-67',
        locale: 'ru-RU',
        defaultLanguage: 'ru',
        currency: 'RUB',
        timezone: 'Europe/Moscow',
        openingHours: JSON.stringify(openingHours),
        settings: JSON.stringify(settings),
        ...(options.callEscalationSeconds === undefined
          ? {}
          : { callEscalationSeconds: options.callEscalationSeconds }),
      })
      .execute()
    // The bonus programme diners read in their profile (issue 16): 5 % back, up to 30 % of an
    // order in points, points kept 180 days, 200 on joining and 500 on a birthday.
    await trx
      .insertInto('bonusPrograms')
      .values({
        restaurantId: DEMO_RESTAURANT_ID,
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
          restaurantId: DEMO_RESTAURANT_ID,
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
          restaurantId: DEMO_RESTAURANT_ID,
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
    return true
  })
  const menuImported = await seedDemoMenu(db)
  const waitersAdded = await seedDemoWaiters(db)
  const staffAdded = await seedDemoStaff(db)
  const stationsAdded = await seedDemoStations(db)
  return created || menuImported || waitersAdded || staffAdded || stationsAdded
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

async function seedDemoStations(db: Kysely<Database>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const demo = await trx
      .selectFrom('restaurants')
      .select('id')
      .where('id', '=', DEMO_RESTAURANT_ID)
      .forUpdate()
      .executeTakeFirst()
    const any = await trx
      .selectFrom('kitchenStations')
      .select('id')
      .where('restaurantId', '=', DEMO_RESTAURANT_ID)
      .limit(1)
      .executeTakeFirst()
    if (!demo || any) return false
    for (const [sortOrder, station] of DEMO_STATIONS.entries()) {
      const { id } = await trx
        .insertInto('kitchenStations')
        .values({ restaurantId: DEMO_RESTAURANT_ID, name: station.name, sortOrder })
        .returning('id')
        .executeTakeFirstOrThrow()
      await trx
        .insertInto('kitchenStationCategories')
        .values(
          station.categories.map((categoryId) => ({
            restaurantId: DEMO_RESTAURANT_ID,
            categoryId,
            stationId: id,
          })),
        )
        .execute()
    }
    return true
  })
}

async function seedDemoMenu(db: Kysely<Database>): Promise<boolean> {
  if (!existsSync(DEMO_MENU_FILE)) return false
  const demo = await db
    .selectFrom('restaurants')
    .select('id')
    .where('id', '=', DEMO_RESTAURANT_ID)
    .executeTakeFirst()
  if (!demo) return false
  const menu = await db
    .selectFrom('menus')
    .select('id')
    .where('restaurantId', '=', DEMO_RESTAURANT_ID)
    .limit(1)
    .executeTakeFirst()
  if (menu) return false
  const file: unknown = JSON.parse(readFileSync(DEMO_MENU_FILE, 'utf8'))
  await createMenuService({ repository: createMenuRepository(db) }).importMenu(
    DEMO_RESTAURANT_ID,
    file,
  )
  return true
}

/** The demo restaurant's waiters while it has none (also on a database from before waiters). */
async function seedDemoWaiters(db: Kysely<Database>): Promise<boolean> {
  const demo = await db
    .selectFrom('restaurants')
    .select('id')
    .where('id', '=', DEMO_RESTAURANT_ID)
    .executeTakeFirst()
  const waiters = createGarconRepository(db)
  if (!demo || (await waiters.hasWaiters(DEMO_RESTAURANT_ID))) return false
  for (const { name, login, pin, tables } of DEMO_WAITERS) {
    const pinHash = await hashSecret(pin)
    const id = await waiters.addWaiter({ restaurantId: DEMO_RESTAURANT_ID, name, login, pinHash })
    // Who serves which tables: the bill names them, and their tips are theirs.
    await sql`
      insert into waiter_tables (waiter_id, table_id)
      select ${id}, id from restaurant_tables
      where restaurant_id = ${DEMO_RESTAURANT_ID} and code in (${sql.join(tables)})
    `.execute(db)
  }
  return true
}

/** The demo restaurant's manager and kitchen while it has no staff (also on older databases). */
async function seedDemoStaff(db: Kysely<Database>): Promise<boolean> {
  const demo = await db
    .selectFrom('restaurants')
    .select('id')
    .where('id', '=', DEMO_RESTAURANT_ID)
    .executeTakeFirst()
  const anyStaff = await db
    .selectFrom('staff')
    .select('id')
    .where('restaurantId', '=', DEMO_RESTAURANT_ID)
    .limit(1)
    .executeTakeFirst()
  if (!demo || anyStaff) return false
  for (const { role, name, login, secret } of DEMO_STAFF) {
    await db
      .insertInto('staff')
      .values({
        restaurantId: DEMO_RESTAURANT_ID,
        role,
        name,
        login,
        secretHash: await hashSecret(secret),
      })
      .execute()
  }
  return true
}
