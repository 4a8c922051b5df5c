import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getAdminLive } from '@tableside/contracts/admin-reports'
import { errorBody } from '@tableside/contracts/errors'
import { floorOrderChanged, garconFloor } from '@tableside/contracts/garcon-floor'
import { bill, order, type Order } from '@tableside/contracts/orders'
import { payment, type Payment } from '@tableside/contracts/payments'
import { SANDBOX_TEST_CARDS } from '@tableside/contracts/sandbox-acquirer'
import { getKitchenBoard, kitchenChanged, kitchenChannel } from '@tableside/contracts/kitchen'
import { KITCHEN_TOKEN_HEADER, MANAGER_TOKEN_HEADER } from '@tableside/contracts/staff'
import { garconChannel } from '@tableside/contracts/table-events'
import { createGarconRepository } from '../garcon/garcon-repository'
import { hashSecret } from '../../lib/secret-hash'
import { describeRace, RACE_RUNS } from '../../test/race-app'
import { createTestApp, sandboxAcquirerOf, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { paymentActions, recordEvents } from '../../test/test-payments'
import {
  addManager,
  createOrderingRestaurant,
  openTableSession,
  signInAsKitchen,
  signInAsManager,
  signInAsWaiter,
} from '../../test/test-restaurants'
import { REFUND } from '../orders/refund-entry'
import { paymentServiceOf } from './payments-plugin'

const OLIVIER = { dishId: 'olivier', quantity: 1, optionIds: [] }
const PIKE = { dishId: 'pike-perch', quantity: 1, optionIds: [] }

// Issue 28, "Payment state": money that has not arrived is never counted as paid, and an order
// whose online payment failed or was given up says so wherever staff look.
describe.each(testDatabaseKinds)('Payment state on $name', (kind) => {
  let t: TestApp
  /** While true the shop answers the acquirer's webhooks 503: its answer is on its way. */
  let webhooksHeld = false
  let anna = ''
  let annaId = ''
  let vera = ''
  let manager = ''
  let kitchen = ''
  const demo = paymentActions(() => t.app, 'demo')

  beforeAll(async () => {
    t = await createTestApp(kind, {}, (app) => {
      app.addHook('onRequest', async (request, reply) => {
        if (webhooksHeld && request.url.startsWith('/api/v1/payments/webhooks/')) {
          await reply.code(503).send()
        }
      })
    })
    // Open round the clock, so that a pickup for now is taken whenever this runs.
    await t.database.db
      .updateTable('restaurants')
      .set({
        openingHours: JSON.stringify(
          [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, opens: '00:00', closes: '00:00' })),
        ),
      })
      .where('id', '=', 'demo')
      .execute()
    // A restaurant that cooks an order paid online before its money arrives.
    await createOrderingRestaurant(t, 'cooks-first', {
      tables: [{ code: 'C1', label: 'C1' }],
      settings: {
        paymentMethods: ['cash', 'card', 'sbp'],
        onlinePayment: true,
        kitchenBeforeOnlinePayment: true,
      },
    })
    await createGarconRepository(t.database.db).addWaiter({
      restaurantId: 'cooks-first',
      name: 'Вера',
      login: 'vera',
      pinHash: await hashSecret('4444'),
    })
    const signedIn = await signInAsWaiter(t.app, 'anna', '1111')
    anna = signedIn.token
    annaId = signedIn.waiter.id
    vera = (await signInAsWaiter(t.app, 'vera', '4444', 'cooks-first')).token
    manager = (await signInAsManager(t.app)).token
    await addManager(t, 'cooks-first', 'kitchen', '5555', 'kitchen')
    kitchen = (await signInAsKitchen(t.app, 'cooks-first', 'kitchen', '5555')).token
  })
  afterAll(async () => {
    await t.close()
  })

  const asWaiter = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { 'x-garcon-token': token, 'idempotency-key': randomUUID() },
      ...(payload ? { payload } : {}),
    })
  const getBill = async (sessionId: string) =>
    bill.parse(
      (
        await t.app.inject({ method: 'GET', url: `/api/v1/table-sessions/${sessionId}/bill` })
      ).json(),
    )
  const floorTable = async (code: string) => {
    const floor = garconFloor.parse((await asWaiter(anna, 'GET', '/garcon/floor')).json())
    return floor.tables.find((table) => table.code === code)
  }
  const floorPickup = async (token: string, id: string) =>
    garconFloor
      .parse((await asWaiter(token, 'GET', '/garcon/floor')).json())
      .tableless.find((listed) => listed.id === id)
  const liveOrder = async (number: number) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/live',
      headers: { [MANAGER_TOKEN_HEADER]: manager },
    })
    expect(response.statusCode, response.body).toBe(200)
    return getAdminLive.response
      .parse(response.json())
      .orders.find((listed) => listed.number === number)
  }
  const placePickup = async (restaurantId: string, paymentMethod: 'card' | 'cash' = 'card') => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/restaurants/${restaurantId}/orders`,
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        type: 'pickup',
        lines: [restaurantId === 'demo' ? OLIVIER : PIKE],
        paymentMethod,
        contact: { name: 'Лев', phone: '+79161234567' },
      },
    })
    expect(response.statusCode, response.body).toBe(201)
    return order.parse(response.json())
  }
  const start = async (orderId: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${orderId}/payments`,
      payload: { method: 'card' },
    })
    expect(response.statusCode, response.body).toBe(201)
    return payment.parse(response.json())
  }
  /** The card declined at the acquirer, its webhook delivered. */
  const decline = async (p: Payment) => {
    expect((await demo.payCard(p, SANDBOX_TEST_CARDS.declined)).statusCode).toBe(200)
    await sandboxDelivered()
  }
  const sandboxDelivered = () => sandboxAcquirerOf(t.app).kick()
  const kitchenTicket = async (orderId: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/kitchen/tickets',
      headers: { [KITCHEN_TOKEN_HEADER]: kitchen },
    })
    expect(response.statusCode, response.body).toBe(200)
    return getKitchenBoard.response
      .parse(response.json())
      .tickets.find((ticket) => ticket.orderId === orderId)
  }
  const accept = (token: string, orderId: string) =>
    asWaiter(token, 'POST', `/garcon/orders/${orderId}/status`, { status: 'accepted' })

  it('keeps asking for the money while a diner who left the card page has not paid', async () => {
    const session = await openTableSession(t, 'demo', 'T1')
    const placed = await demo.place(session.id, 'card', [OLIVIER])
    const total = placed.totals.total
    const started = await start(placed.id)

    // The diner pressed "Back to the shop" on the acquirer's page without paying.
    const back = await demo.getPayment(started.id)
    expect(back.status).toBe('pending')
    const held = await getBill(session.id)
    expect(held.totals).toMatchObject({ total, paid: 0, pending: total, due: total, free: 0 })
    expect(held.orders[0]?.paymentStatus).toBe('pending')
    expect((await demo.getOrder(placed.id)).paymentStatus).toBe('pending')
    // The waiter's table card says the same as the bill.
    const table = await floorTable('T1')
    expect(table?.session?.totals).toEqual({ total, paid: 0, pending: total, due: total })
    expect(table?.session?.orders[0]?.paymentStatus).toBe('pending')

    // "Pay another way": the payment is given up; the order says its payment failed.
    expect((await demo.cancelPayment(started.id)).statusCode).toBe(200)
    expect(await demo.acquirerState(started)).toBe('cancelled')
    const after = await getBill(session.id)
    expect(after.totals).toMatchObject({ paid: 0, pending: 0, due: total, free: total })
    expect(after.orders[0]?.paymentStatus).toBe('failed')
    expect((await floorTable('T1'))?.session?.orders[0]?.paymentStatus).toBe('failed')

    // The waiter takes the cash: paid, in cash, as the bill and the floor say.
    expect((await asWaiter(anna, 'POST', `/garcon/orders/${placed.id}/cash-paid`)).statusCode).toBe(
      200,
    )
    const paid = await demo.getOrder(placed.id)
    expect(paid).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'cash', paidAmount: total })
    expect((await getBill(session.id)).totals).toMatchObject({ due: 0, pending: 0, free: 0 })
  })

  it('tells a diner back from the acquirer what it decided, before its webhook arrives', async () => {
    const session = await openTableSession(t, 'demo', 'T2')
    const placed = await demo.place(session.id, 'card', [OLIVIER])
    const started = await start(placed.id)
    webhooksHeld = true
    try {
      await decline(started)
      expect(
        (
          await t.database.db
            .selectFrom('payments')
            .select('status')
            .where('id', '=', started.id)
            .executeTakeFirstOrThrow()
        ).status,
      ).toBe('pending')
      const back = await demo.getPayment(started.id)
      expect(back).toMatchObject({ status: 'failed', failureReason: 'declined' })
      expect((await demo.getOrder(placed.id)).paymentStatus).toBe('failed')
    } finally {
      webhooksHeld = false
    }
    // The webhook that comes after changes nothing.
    await sandboxDelivered()
    expect(await demo.getPayment(started.id)).toMatchObject({ status: 'failed' })
    expect((await getBill(session.id)).totals.due).toBe(placed.totals.total)
  })

  it('marks a pickup whose card was declined, and keeps it from the kitchen until it is paid', async () => {
    const placed = await placePickup('demo')
    const events = recordEvents(t.app)
    await decline(await start(placed.id))
    await t.app.outbox.kick()
    // Every waiter's floor hears that its money changed, as it started and as it failed.
    const heard = events.filter(
      (event) =>
        event.name === floorOrderChanged.name &&
        event.channels.includes(garconChannel(annaId)) &&
        event.data.includes(placed.id),
    )
    expect(heard.length).toBe(2)
    const marked = await demo.getOrder(placed.id)
    expect(marked).toMatchObject({ status: 'placed', paymentStatus: 'failed', paidAmount: 0 })
    expect(await floorPickup(anna, placed.id)).toMatchObject({
      paymentStatus: 'failed',
      paymentMethod: 'card',
    })
    expect(await liveOrder(placed.number)).toMatchObject({ paymentStatus: 'failed' })

    const refused = await accept(anna, placed.id)
    expect(refused.statusCode).toBe(409)
    expect(errorBody.parse(refused.json()).error.code).toBe('payment_required')
    expect((await demo.getOrder(placed.id)).status).toBe('placed')

    // Collected at the counter: then it goes to the kitchen.
    expect((await asWaiter(anna, 'POST', `/garcon/orders/${placed.id}/cash-paid`)).statusCode).toBe(
      200,
    )
    expect((await accept(anna, placed.id)).statusCode).toBe(200)
    expect(await demo.getOrder(placed.id)).toMatchObject({
      status: 'accepted',
      paymentStatus: 'paid',
      paymentMethod: 'cash',
    })
  })

  it('keeps a pickup whose payment is still pending from the kitchen too', async () => {
    const placed = await placePickup('demo')
    await start(placed.id)
    const refused = await accept(anna, placed.id)
    expect(errorBody.parse(refused.json()).error.code).toBe('payment_required')
    expect(await floorPickup(anna, placed.id)).toMatchObject({ paymentStatus: 'pending' })
  })

  it('sends an unpaid pickup to the kitchen where the restaurant cooks first, still marked', async () => {
    const placed = await placePickup('cooks-first')
    await decline(await start(placed.id))
    expect((await accept(vera, placed.id)).statusCode).toBe(200)
    expect(await floorPickup(vera, placed.id)).toMatchObject({
      status: 'accepted',
      paymentStatus: 'failed',
    })
    // The kitchen's ticket says the same as the waiter's floor, and follows it once paid.
    expect(await kitchenTicket(placed.id)).toMatchObject({ paymentStatus: 'failed' })
    expect((await asWaiter(vera, 'POST', `/garcon/orders/${placed.id}/cash-paid`)).statusCode).toBe(
      200,
    )
    expect(await kitchenTicket(placed.id)).toMatchObject({ paymentStatus: 'paid' })
  })

  it('tells the kitchen when the money of an order it is cooking arrives after all', async () => {
    const placed = await placePickup('cooks-first')
    const started = await start(placed.id)
    await decline(started)
    expect((await accept(vera, placed.id)).statusCode).toBe(200)
    const events = recordEvents(t.app)
    expect((await demo.succeeded(started)).statusCode).toBe(200)
    await t.app.outbox.kick()
    expect(await kitchenTicket(placed.id)).toMatchObject({ paymentStatus: 'paid' })
    expect(
      events.some(
        (event) =>
          event.name === kitchenChanged.name &&
          event.channels.includes(kitchenChannel('cooks-first')) &&
          event.data.includes(placed.id),
      ),
    ).toBe(true)
  })

  it('lets a table’s order go to the kitchen whatever its card did: the guests are there', async () => {
    const session = await openTableSession(t, 'demo', 'T3')
    const placed = await demo.place(session.id, 'card', [OLIVIER])
    await decline(await start(placed.id))
    expect((await accept(anna, placed.id)).statusCode).toBe(200)
  })

  it('ends an abandoned payment as expired, and a success that comes late still pays', async () => {
    const placed = await placePickup('demo')
    const started = await start(placed.id)
    await t.database.db
      .updateTable('payments')
      .set({ expiresAt: new Date(Date.now() - 10 * 60_000) })
      .where('id', '=', started.id)
      .execute()
    await paymentServiceOf(t.app).sweepOverdue()
    expect(await demo.getPayment(started.id)).toMatchObject({
      status: 'failed',
      failureReason: 'expired',
    })
    expect((await demo.getOrder(placed.id)).paymentStatus).toBe('failed')

    // The acquirer took the money after all: the order is paid.
    expect((await demo.succeeded(started)).statusCode).toBe(200)
    expect(await demo.getOrder(placed.id)).toMatchObject({
      paymentStatus: 'paid',
      paidAmount: placed.totals.total,
    })
  })

  it('is pending again while a second try is in progress, and paid once it succeeds', async () => {
    const placed = await placePickup('demo')
    await decline(await start(placed.id))
    const again = await start(placed.id)
    expect((await demo.getOrder(placed.id)).paymentStatus).toBe('pending')
    expect((await demo.payCard(again, SANDBOX_TEST_CARDS.succeeds)).statusCode).toBe(200)
    await sandboxDelivered()
    const paid: Order = await demo.getOrder(placed.id)
    expect(paid).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'card' })
    expect((await accept(anna, placed.id)).statusCode).toBe(200)
  })

  it('carries older rows forward: the migration’s rule matches what the server now writes', async () => {
    const { rows } = await sql<{ count: string }>`
      select count(*) as count from orders o
      where o.payment_status = 'unpaid' and o.payment_method <> 'cash' and o.status <> 'cancelled'
        and exists (select 1 from payments p where p.order_id = o.id and p.purpose = 'order')
        and not exists (select 1 from payments p where p.order_id = o.id and p.status = 'succeeded')
    `.execute(t.database.db)
    expect(Number(rows[0]?.count)).toBe(0)
  })
})

/**
 * The acquirer's answer arriving while the diner comes back or gives up, on a PostgreSQL
 * server: both held at the payment's row so they overlap. Whichever goes first, money that
 * arrived counts once and the order says paid.
 */
describeRace('A payment’s answer racing the diner', (race) => {
  const actions = () => paymentActions(() => race().t.app, 'demo')
  const cardOrderPayment = async () => {
    const sessionId = await race().openSession()
    const placed = order.parse((await race().placeOrder(sessionId, 'card')).json())
    const started = payment.parse(
      (
        await race().t.app.inject({
          method: 'POST',
          url: `/api/v1/orders/${placed.id}/payments`,
          payload: { method: 'card' },
        })
      ).json(),
    )
    return { sessionId, placed, started }
  }
  /** The acquirer took the money; its webhook has not been sent yet. */
  const acquirerTook = (ref: string) =>
    race()
      .t.database.db.updateTable('sandboxAcquirerPayments')
      .set({ state: 'succeeded', completedAt: new Date() })
      .where('ref', '=', ref)
      .execute()
  /** Paid, and once: money counted twice would not fit the order and be sent back. */
  const expectPaidOnce = async (placed: Order, paymentId: string, sessionId: string) => {
    const paid = await actions().getOrder(placed.id)
    expect(paid).toMatchObject({ paymentStatus: 'paid', paidAmount: placed.totals.total })
    const current = bill.parse(JSON.parse(await actions().billText(sessionId)))
    expect(current.totals).toMatchObject({ due: 0, pending: 0, free: 0 })
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from outbox
      where kind = ${REFUND} and payload->>'paymentId' = ${paymentId}
    `.execute(race().t.database.db)
    expect(rows[0]?.n).toBe(0)
  }

  it('counts a success once when its webhook comes while the diner is back and asks', async () => {
    for (let run = 0; run < RACE_RUNS; run++) {
      const { sessionId, placed, started } = await cardOrderPayment()
      await acquirerTook(actions().refOf(started))
      const barrier = await race().barrier('select id from payments where id = $1 for update', [
        started.id,
      ])
      const asked = actions().getPayment(started.id)
      const webhook = actions().succeeded(started)
      await barrier.arrived(2)
      await barrier.release()
      const [seen, answered] = await Promise.all([asked, webhook])
      expect(seen.status).toBe('succeeded')
      expect(answered.statusCode).toBe(200)
      await expectPaidOnce(placed, started.id, sessionId)
    }
  })

  it('counts a success whose webhook comes while the diner gives the payment up', async () => {
    for (let run = 0; run < RACE_RUNS; run++) {
      const { sessionId, placed, started } = await cardOrderPayment()
      const barrier = await race().barrier('select id from payments where id = $1 for update', [
        started.id,
      ])
      const cancelled = actions().cancelPayment(started.id)
      const webhook = actions().succeeded(started)
      await barrier.arrived(2)
      await barrier.release()
      const [gaveUp, answered] = await Promise.all([cancelled, webhook])
      expect(gaveUp.statusCode).toBe(200)
      expect(answered.statusCode).toBe(200)
      expect((await actions().getPayment(started.id)).status).toBe('succeeded')
      await expectPaidOnce(placed, started.id, sessionId)
    }
  })
})
