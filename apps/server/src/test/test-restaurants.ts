import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import type { PaymentMethod, RestaurantSettings } from '@tableside/contracts/restaurants'
import type { EndpointResponse } from '@tableside/contracts/endpoint'
import { adminLogin, kitchenLogin, MANAGER_TOKEN_HEADER } from '@tableside/contracts/staff'
import { tableSession } from '@tableside/contracts/table-sessions'
import { createGarconRepository } from '../features/garcon/garcon-repository'
import { hashSecret } from '../lib/secret-hash'
import { createTestRestaurant, testMenuFile } from '../features/menu/test-menu-file'
import type { TestApp } from './test-app'

/**
 * A restaurant with the test menu and `tables`. With `settings` it also takes every order type,
 * charges 10 % service at the table and is open round the clock, with `settings` on top;
 * without, it keeps the defaults a new restaurant starts with.
 */
export async function createOrderingRestaurant(
  t: TestApp,
  id: string,
  options: {
    tables: readonly { code: string; label: string; enabled?: boolean }[]
    settings?: Partial<RestaurantSettings>
  },
): Promise<void> {
  const { db } = t.database
  await createTestRestaurant(db, id)
  await t.menu.importMenu(id, testMenuFile())
  await db
    .insertInto('restaurantTables')
    .values(options.tables.map((table) => ({ restaurantId: id, ...table })))
    .execute()
  if (!options.settings) return
  await db
    .updateTable('restaurants')
    .set({
      settings: JSON.stringify({
        serviceChargeBasisPoints: 1000,
        orderTypes: ['dine_in', 'delivery', 'pickup', 'preorder'],
        ...options.settings,
      }),
      openingHours: JSON.stringify(
        [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, opens: '00:00', closes: '00:00' })),
      ),
    })
    .where('id', '=', id)
    .execute()
}

/** Tables `T1`…`Tn`, labelled with their numbers. */
/** The bonus programme of a restaurant a test made (migration 0027's columns). */
interface BonusProgramValues {
  earnBasisPoints: number
  maxShareBasisPoints: number
  expiryDays: number
  welcomePoints: number
  birthdayPoints: number
}

/**
 * Gives a test's restaurant a bonus programme: 10 % of a paid bill earned, up to 20 % of a bill
 * paid in points, points lasting 30 days, 50 on joining and none on a birthday, unless `program`
 * says otherwise.
 */
export async function addBonusProgram(
  t: TestApp,
  restaurantId: string,
  program: Partial<BonusProgramValues> = {},
): Promise<void> {
  await t.database.db
    .insertInto('bonusPrograms')
    .values({
      restaurantId,
      earnBasisPoints: 1000,
      maxShareBasisPoints: 2000,
      expiryDays: 30,
      welcomePoints: 50,
      birthdayPoints: 0,
      ...program,
    })
    .execute()
}

/**
 * `grill`, where points are spent and earned: the test menu on six tables, every way to pay and
 * online payment, 10 % of a paid bill back, up to 50 % of a bill in points and 100 on joining;
 * its waiter Пётр (PIN 4444) signed in. Answers his token.
 */
export async function openBonusGrill(t: TestApp): Promise<string> {
  await createOrderingRestaurant(t, 'grill', {
    tables: numberedTables(6),
    settings: { paymentMethods: ['cash', 'card', 'sbp'], onlinePayment: true },
  })
  await addBonusProgram(t, 'grill', { maxShareBasisPoints: 5000, welcomePoints: 100 })
  await createGarconRepository(t.database.db).addWaiter({
    restaurantId: 'grill',
    name: 'Пётр',
    login: 'petr',
    pinHash: await hashSecret('4444'),
  })
  return (await signInAsWaiter(t.app, 'petr', '4444', 'grill')).token
}

/**
 * Points a diner's card (by its number) has earned and not yet got: a pending `earn` entry, as a
 * paid order leaves one (of `orderId`, when given).
 */
export async function addPendingPoints(
  t: TestApp,
  cardNumber: string,
  points: number,
  { at, orderId }: { at: Date; orderId?: string },
): Promise<void> {
  const { id: cardId } = await t.database.db
    .selectFrom('bonusCards')
    .select('id')
    .where('number', '=', cardNumber)
    .executeTakeFirstOrThrow()
  await t.database.db
    .insertInto('bonusEntries')
    .values({
      cardId,
      kind: 'earn',
      points,
      status: 'pending',
      remaining: points,
      ...(orderId ? { orderId } : {}),
      createdAt: at,
    })
    .execute()
}

export const numberedTables = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ code: `T${index + 1}`, label: `${index + 1}` }))

/** The token the table's QR code carries, read from the database as the restaurant prints it. */
export async function tableQrToken(
  t: Pick<TestApp, 'database'>,
  restaurantId: string,
  tableCode: string,
) {
  const table = await t.database.db
    .selectFrom('restaurantTables')
    .select('qrToken')
    .where('restaurantId', '=', restaurantId)
    .where('code', '=', tableCode)
    .executeTakeFirstOrThrow()
  return table.qrToken
}

/** Scans a table's QR code: the session every phone at the table shares. */
export async function openTableSession(t: TestApp, restaurantId: string, tableCode: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/restaurants/${restaurantId}/table-sessions`,
    payload: { tableToken: await tableQrToken(t, restaurantId, tableCode) },
  })
  expect(response.statusCode).toBe(201)
  return tableSession.parse(response.json())
}

/** One olivier, ordered at a table of the demo restaurant as a phone at that table orders it. */
export function orderOlivierAt(
  app: FastifyInstance,
  tableSessionId: string,
  options: { paymentMethod?: PaymentMethod; remoteAddress?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/restaurants/demo/orders',
    headers: { 'idempotency-key': randomUUID() },
    payload: {
      type: 'dine_in',
      lines: [{ dishId: 'olivier', quantity: 1, optionIds: [] }],
      paymentMethod: options.paymentMethod ?? 'cash',
      tableSessionId,
    },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  })
}

/**
 * A waiter signs in: the demo restaurant's (Анна 1111, Игорь 2222) unless `restaurantId` says
 * otherwise. Their token and waiter id.
 */
export async function signInAsWaiter(
  app: FastifyInstance,
  login: string,
  pin: string,
  restaurantId = 'demo',
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/garcon/login',
    payload: { restaurantId, login, pin },
  })
  expect(response.statusCode).toBe(200)
  return response.json<{ token: string; waiter: { id: string } }>()
}

/** A manager of `restaurantId` signs in (the demo's by default): their token and who they are. */
export async function signInAsManager(
  app: FastifyInstance,
  restaurantId = 'demo',
  login = 'manager',
  password = 'tableside-demo',
) {
  const signedIn = await staffSignIn(app, adminLogin, { restaurantId, login, password })
  return { token: signedIn.token, manager: signedIn.staff }
}

/** The kitchen screen of `restaurantId` signs in (the demo's: kitchen/3333). */
export async function signInAsKitchen(
  app: FastifyInstance,
  restaurantId = 'demo',
  login = 'kitchen',
  pin = '3333',
) {
  const signedIn = await staffSignIn(app, kitchenLogin, { restaurantId, login, pin })
  return { token: signedIn.token, kitchen: signedIn.staff }
}

/** A manager's or kitchen's sign-in, which must succeed: its answer, read by the contract. */
async function staffSignIn<E extends typeof adminLogin | typeof kitchenLogin>(
  app: FastifyInstance,
  endpoint: E,
  payload: { restaurantId: string; login: string; password?: string; pin?: string },
): Promise<EndpointResponse<E>> {
  const response = await app.inject({ method: 'POST', url: `/api/v1${endpoint.path}`, payload })
  expect(response.statusCode).toBe(200)
  return endpoint.response.parse(response.json()) as EndpointResponse<E>
}

/** Adds a manager (or kitchen login) to `restaurantId`, e.g. another restaurant's. */
export async function addManager(
  t: Pick<TestApp, 'database'>,
  restaurantId: string,
  login: string,
  password: string,
  role: 'manager' | 'kitchen' = 'manager',
): Promise<string> {
  const { id } = await t.database.db
    .insertInto('staff')
    .values({ restaurantId, role, name: login, login, secretHash: await hashSecret(password) })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

/** The demo restaurant's waiter Anna signs in: her token and waiter id. */
export const signInAsAnna = (app: FastifyInstance) => signInAsWaiter(app, 'anna', '1111')

export interface SignedInWaiter {
  id: string
  token: string
}

/** Анна (1111, T1–T6) and Игорь (2222, T7–T12) of the demo restaurant signed in, in that order. */
export async function signInAnnaAndIgor(
  app: FastifyInstance,
): Promise<Record<'anna' | 'igor', SignedInWaiter>> {
  const anna = await signInAsWaiter(app, 'anna', '1111')
  const igor = await signInAsWaiter(app, 'igor', '2222')
  return {
    anna: { id: anna.waiter.id, token: anna.token },
    igor: { id: igor.waiter.id, token: igor.token },
  }
}

/**
 * Анна and Игорь of the demo restaurant signed in, and Ольга (3333) of a second restaurant,
 * `bistro` with one table B1, who must see and hear nothing of the demo's.
 */
export async function signInWaitersOfTwoRestaurants(
  t: TestApp,
): Promise<Record<'anna' | 'igor' | 'olga', SignedInWaiter>> {
  await createOrderingRestaurant(t, 'bistro', { tables: [{ code: 'B1', label: 'B1' }] })
  await createGarconRepository(t.database.db).addWaiter({
    restaurantId: 'bistro',
    name: 'Ольга',
    login: 'olga',
    pinHash: await hashSecret('3333'),
  })
  const [anna, igor] = await Promise.all([
    signInAsWaiter(t.app, 'anna', '1111'),
    signInAsWaiter(t.app, 'igor', '2222'),
  ])
  const olga = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/garcon/login',
    payload: { restaurantId: 'bistro', login: 'olga', pin: '3333' },
  })
  expect(olga.statusCode).toBe(200)
  const signed = olga.json<{ token: string; waiter: { id: string } }>()
  return {
    anna: { id: anna.waiter.id, token: anna.token },
    igor: { id: igor.waiter.id, token: igor.token },
    olga: { id: signed.waiter.id, token: signed.token },
  }
}

/**
 * GET and PUT of one back-office resource (`/admin/profile`) as the manager whose token
 * `manager()` reads at the call, or with another `token` and `header`, or none (`null`).
 */
export function managerResource(app: () => FastifyInstance, path: string, manager: () => string) {
  const url = `/api/v1${path}`
  const headersOf = (token: string | null | undefined, header: string) => {
    const sent = token === undefined ? manager() : token
    return sent === null ? {} : { [header]: sent }
  }
  return {
    get: (token?: string | null, header = MANAGER_TOKEN_HEADER) =>
      app().inject({ url, headers: headersOf(token, header) }),
    put: (payload: object, token?: string | null, header = MANAGER_TOKEN_HEADER) =>
      app().inject({ method: 'PUT', url, headers: headersOf(token, header), payload }),
  }
}
