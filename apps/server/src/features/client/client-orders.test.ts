import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listClientOrders } from '@tableside/contracts/client'
import { testDatabaseKinds } from '../../test/test-database'
import { createBonusLedger, type BonusLedger } from '../bonus/bonus-ledger'
import {
  asClient,
  placePickup,
  signIn,
  startClientApp,
  type ClientTestApp,
} from './test-client-app'

let serial = 0
const newPhone = () => `+7903555${String(1000 + ++serial).padStart(4, '0')}`

describe.each(testDatabaseKinds)('The diner’s order history on $name', (kind) => {
  let t: ClientTestApp
  let ledger: BonusLedger
  beforeAll(async () => {
    t = await startClientApp(kind)
    ledger = createBonusLedger({ db: t.database.db, now: () => t.clock.now })
    await t.database.db
      .insertInto('bonusPrograms')
      .values(
        ['bistro', 'other'].map((restaurantId) => ({
          restaurantId,
          earnBasisPoints: 500,
          maxShareBasisPoints: 3000,
          expiryDays: 180,
          welcomePoints: 200,
        })),
      )
      .execute()
  })
  afterAll(async () => {
    await t.close()
  })

  const history = async (token: string, restaurantId = 'bistro') => {
    const response = await t.app.inject({
      url: `/api/v1/me/orders?restaurantId=${restaurantId}`,
      headers: asClient(token),
    })
    expect(response.statusCode, response.body).toBe(200)
    return listClientOrders.response.parse(response.json()).orders
  }

  it('shows each order’s points from the diner’s own card here: earned, pending, spent, given back', async () => {
    const phone = newPhone()
    const first = await placePickup(t, 'bistro', phone)
    const second = await placePickup(t, 'bistro', phone)
    const third = await placePickup(t, 'bistro', phone)
    const { token, client } = await signIn(t, phone, {
      orderIds: [first.id, second.id, third.id],
    })
    const card = await ledger.openCard('bistro', client.id)
    const db = t.database.db
    await db.transaction().execute(async (trx) => {
      // 1 000 ₽ paid at 5 %: 50 points, pending until the order is completed and paid.
      await ledger.earnPending(trx, { cardId: card.id, paidMinor: 100_000, orderId: first.id })
      await ledger.spend(trx, {
        cardId: card.id,
        orderId: second.id,
        points: 30,
        orderTotalMinor: 100_000,
      })
      await ledger.earnPending(trx, { cardId: card.id, paidMinor: 20_000, orderId: second.id })
      await ledger.release(trx, second.id)
      await ledger.spend(trx, {
        cardId: card.id,
        orderId: third.id,
        points: 20,
        orderTotalMinor: 100_000,
      })
      await ledger.giveBack(trx, third.id)
    })

    // Someone else paying a share of the first order earns on their own card: not the diner's.
    const friend = await signIn(t, newPhone())
    const friendsCard = await ledger.openCard('bistro', friend.client.id)
    const friendsOrder = await placePickup(t, 'bistro', newPhone())
    // The diner's card at another restaurant, linked to this order: not this restaurant's points.
    const elsewhere = await ledger.openCard('other', client.id)
    await db.transaction().execute(async (trx) => {
      await ledger.earnPending(trx, {
        cardId: friendsCard.id,
        paidMinor: 140_000,
        orderId: first.id,
      })
      await ledger.earnPending(trx, { cardId: elsewhere.id, paidMinor: 100_000, orderId: first.id })
      await ledger.earnPending(trx, {
        cardId: card.id,
        paidMinor: 100_000,
        orderId: friendsOrder.id,
      })
    })

    const orders = await history(token)
    expect(orders.map((o) => [o.number, o.points])).toEqual([
      [third.number, { earned: 0, pending: 0, spent: 0 }],
      [second.number, { earned: 10, pending: 0, spent: 30 }],
      [first.number, { earned: 50, pending: 50, spent: 0 }],
    ])
    // The friend's history has none of the diner's orders, though their card earned on one.
    expect(await history(friend.token)).toEqual([])
    expect(await history(token, 'other')).toEqual([])
  })

  it('names how each order was actually paid, as the order does, and nothing while unpaid', async () => {
    const phone = newPhone()
    const unpaid = await placePickup(t, 'bistro', phone)
    const paid = await placePickup(t, 'bistro', phone)
    const { token } = await signIn(t, phone, { orderIds: [unpaid.id, paid.id] })
    // Handed to the waiter in cash: what is paid, with no online payment behind it.
    await t.database.db
      .updateTable('orders')
      .set((eb) => ({ paidAmount: eb.ref('total'), paymentStatus: 'paid' }))
      .where('id', '=', paid.id)
      .execute()
    const orders = await history(token)
    expect(orders.map((o) => [o.number, o.paymentStatus, o.paidWith])).toEqual([
      [paid.number, 'paid', ['cash']],
      [unpaid.number, 'unpaid', []],
    ])
  })

  it('pages through a long history, 100 at a time, and never into another diner’s', async () => {
    const phone = newPhone()
    const { token, client } = await signIn(t, phone)
    // 230 orders of this diner, placed a minute apart (two at the same minute, told apart by
    // their numbers), and one of another diner's in between.
    const other = await placePickup(t, 'bistro', newPhone())
    const mine = await placePickup(t, 'bistro', phone)
    const base = mine
    await sql`
      insert into orders (restaurant_id, number, type, status, payment_method, currency, lines,
        subtotal, service_charge, delivery_fee, total, history, idempotency_key, request_hash,
        placed_at, client_id)
      select restaurant_id, number + 10000 + g, type, status, payment_method, currency, lines,
        subtotal, service_charge, delivery_fee, total, history, idempotency_key || '-' || g,
        request_hash, placed_at - make_interval(mins => g / 2), ${client.id}::uuid
      from orders, generate_series(1, 229) as s(g)
      where id = ${base.id}
    `.execute(t.database.db)
    await t.database.db
      .updateTable('orders')
      .set({ clientId: client.id })
      .where('id', '=', mine.id)
      .execute()
    const page = async (before?: string) => {
      const response = await t.app.inject({
        url: `/api/v1/me/orders?restaurantId=bistro${before ? `&before=${before}` : ''}`,
        headers: asClient(token),
      })
      expect(response.statusCode, response.body).toBe(200)
      return listClientOrders.response.parse(response.json())
    }
    const seen: { id: string; placedAt: string; number: number }[] = []
    let before: string | undefined
    for (let pages = 0; pages < 5; pages++) {
      const { orders, more } = await page(before)
      seen.push(...orders)
      if (!more) break
      expect(orders).toHaveLength(100)
      before = orders.at(-1)?.id
    }
    expect(seen).toHaveLength(230)
    expect(new Set(seen.map((order) => order.id)).size).toBe(230)
    expect(seen.map((order) => order.id)).not.toContain(other.id)
    // Newest first, every step down.
    for (let index = 1; index < seen.length; index++) {
      const [a, b] = [seen[index - 1], seen[index]]
      if (!a || !b) continue
      expect(a.placedAt > b.placedAt || (a.placedAt === b.placedAt && a.number > b.number)).toBe(
        true,
      )
    }
    // Another diner's order is no place to start from.
    const foreign = await t.app.inject({
      url: `/api/v1/me/orders?restaurantId=bistro&before=${other.id}`,
      headers: asClient(token),
    })
    expect(foreign.statusCode).toBe(404)
  })

  it('refuses without a token, with a junk one, or without a restaurant', async () => {
    const { token } = await signIn(t, newPhone())
    expect((await t.app.inject({ url: '/api/v1/me/orders?restaurantId=bistro' })).statusCode).toBe(
      401,
    )
    const junk = await t.app.inject({
      url: '/api/v1/me/orders?restaurantId=bistro',
      headers: asClient('a'.repeat(43)),
    })
    expect(junk.statusCode).toBe(401)
    const noRestaurant = await t.app.inject({ url: '/api/v1/me/orders', headers: asClient(token) })
    expect(noRestaurant.statusCode).toBe(400)
  })
})
