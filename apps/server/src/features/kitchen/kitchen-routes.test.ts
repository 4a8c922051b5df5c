import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { garconAlert, listGarconAlerts } from '@tableside/contracts/garcon-alerts'
import { bumpResult, kitchenBoard, kitchenChannel } from '@tableside/contracts/kitchen'
import { order, orderChannel, slots } from '@tableside/contracts/orders'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { recordEvents } from '../../test/test-payments'
import {
  addManager,
  createOrderingRestaurant,
  openTableSession,
  signInAsKitchen,
  signInAsWaiter,
} from '../../test/test-restaurants'
import type { OutboundEvent } from '../realtime/realtime-protocol'

// Issue 17, decisions 0070 and 0071: the kitchen display's tickets by station, bumps and undo,
// and who may see them. The demo's stations: Горячий цех (soups, mains…), Холодный цех
// (salads…), Бар (the bar menu). Анна serves T1–T6.
describe.each(testDatabaseKinds)('The kitchen display on $name', (kind) => {
  let t: TestApp
  let events: OutboundEvent[]
  const clock = { now: new Date() }
  let kitchenToken = ''
  let bistroKitchenToken = ''
  let anna = { id: '', token: '' }

  beforeAll(async () => {
    t = await createTestApp(kind, {}, undefined, () => clock.now)
    events = recordEvents(t.app)
    kitchenToken = (await signInAsKitchen(t.app)).token
    anna = await signInAsWaiter(t.app, 'anna', '1111').then((s) => ({
      id: s.waiter.id,
      token: s.token,
    }))
    await createOrderingRestaurant(t, 'bistro', { tables: [{ code: 'B1', label: 'B1' }] })
    await addManager(t, 'bistro', 'bistro-kitchen', '4444', 'kitchen')
    bistroKitchenToken = (await signInAsKitchen(t.app, 'bistro', 'bistro-kitchen', '4444')).token
  })
  afterAll(async () => {
    await t.close()
  })
  beforeEach(async () => {
    clock.now = new Date()
    await t.app.outbox.kick()
    // Each test starts with an empty screen: what earlier tests left open is served.
    await t.database.db
      .updateTable('orders')
      .set({ status: 'served' })
      .where('status', 'in', ['accepted', 'cooking', 'placed'])
      .execute()
    events.length = 0
  })

  const asKitchen = (token = kitchenToken) => ({ 'x-kitchen-token': token })
  const asAnna = () => ({ 'x-garcon-token': anna.token })

  /** A phone at table `code` orders: borscht with salo, olivier, a chicken Kiev, a lemonade. */
  const placeAt = async (code = 'T1', lines = defaultLines) => {
    const session = await openTableSession(t, 'demo', code)
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/restaurants/demo/orders',
      headers: { 'idempotency-key': randomUUID() },
      payload: { type: 'dine_in', lines, paymentMethod: 'cash', tableSessionId: session.id },
    })
    expect(response.statusCode).toBe(201)
    return order.parse(response.json())
  }
  const defaultLines = [
    { dishId: 'borscht', quantity: 2, optionIds: ['salo'], comment: 'Без сметаны' },
    { dishId: 'olivier', quantity: 1, optionIds: [] },
    { dishId: 'chicken-kiev', quantity: 1, optionIds: [] },
    { dishId: 'lemonade-tarragon', quantity: 1, optionIds: [] },
  ]

  const accept = async (orderId: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/garcon/orders/${orderId}/status`,
      headers: asAnna(),
      payload: { status: 'accepted' },
    })
    expect(response.statusCode).toBe(200)
  }

  const acceptedOrder = async (code = 'T1') => {
    const placed = await placeAt(code)
    await accept(placed.id)
    return placed
  }

  const board = async (token = kitchenToken) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/kitchen/tickets',
      headers: asKitchen(token),
    })
    expect(response.statusCode).toBe(200)
    return kitchenBoard.parse(response.json())
  }

  const bump = (orderId: string, lines: number[], token = kitchenToken) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/kitchen/orders/${orderId}/bumps`,
      headers: asKitchen(token),
      payload: { lines },
    })

  const undo = (bumpId: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/v1/kitchen/bumps/${bumpId}`,
      headers: asKitchen(),
    })

  const statusOf = async (orderId: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${orderId}` })
    return order.parse(response.json()).status
  }

  const stationIds = async () => {
    const { stations } = await board()
    const id = (name: string) => stations.find((station) => station.name === name)?.id
    return { hot: id('Горячий цех'), cold: id('Холодный цех'), bar: id('Бар') }
  }

  it('shows accepted orders as one ticket per station, oldest first, with modifiers and notes', async () => {
    const placedOnly = await placeAt('T2')
    const first = await acceptedOrder('T1')
    clock.now = new Date(clock.now.getTime() + 60_000)
    const second = await acceptedOrder('T3')
    const { hot, cold, bar } = await stationIds()

    const { tickets, thresholds } = await board()
    expect(thresholds).toEqual({ warnMinutes: 10, lateMinutes: 20 })
    expect(tickets.some((ticket) => ticket.orderId === placedOnly.id)).toBe(false)
    expect(tickets.map((ticket) => [ticket.orderNumber, ticket.stationId])).toEqual([
      [first.number, hot],
      [first.number, cold],
      [first.number, bar],
      [second.number, hot],
      [second.number, cold],
      [second.number, bar],
    ])
    const [hotTicket] = tickets
    expect(hotTicket).toMatchObject({
      orderId: first.id,
      status: 'accepted',
      table: { code: 'T1', label: '1' },
      items: [
        {
          line: 0,
          name: { ru: 'Борщ с говядиной и пампушками' },
          quantity: 2,
          modifiers: [{ ru: expect.stringMatching(/сал/i) as string }],
          comment: 'Без сметаны',
          bumpedAt: null,
        },
        // A subcategory (Мясо и птица) is cooked where its parent (Горячее) is.
        { line: 2, quantity: 1, bumpedAt: null },
      ],
    })
    expect(Date.parse(tickets[3]?.since ?? '')).toBeGreaterThan(Date.parse(hotTicket?.since ?? ''))
  })

  it('moves the order to cooking at the first bump and to ready at the last, telling the waiter and the diner', async () => {
    const placed = await acceptedOrder('T1')
    const first = await bump(placed.id, [1])
    expect(first.statusCode).toBe(200)
    expect(bumpResult.parse(first.json())).toMatchObject({ orderStatus: 'cooking' })
    expect(await statusOf(placed.id)).toBe('cooking')
    await t.app.outbox.kick()
    expect(events.some((event) => event.channels.includes(kitchenChannel('demo')))).toBe(true)
    const cooking = (await board()).tickets.filter((ticket) => ticket.orderId === placed.id)
    expect(cooking.flatMap((ticket) => ticket.items).filter((item) => item.bumpedAt)).toHaveLength(
      1,
    )

    // The whole hot ticket, then the rest: across stations, the last dish makes it ready.
    expect(bumpResult.parse((await bump(placed.id, [0, 2])).json()).orderStatus).toBe('cooking')
    const last = bumpResult.parse((await bump(placed.id, [3])).json())
    expect(last.orderStatus).toBe('ready')
    expect(await statusOf(placed.id)).toBe('ready')
    expect((await board()).tickets.some((ticket) => ticket.orderId === placed.id)).toBe(false)

    await t.app.outbox.kick()
    const toDiner = events.filter(
      (event) => event.channels.includes(orderChannel(placed.id)) && event.name === 'order.updated',
    )
    expect(toDiner.map((event) => (JSON.parse(event.data) as { status: string }).status)).toEqual(
      expect.arrayContaining(['cooking', 'ready']),
    )
    const alerts = await t.app.inject({
      method: 'GET',
      url: '/api/v1/garcon/alerts',
      headers: asAnna(),
    })
    const ready = listGarconAlerts.response
      .parse(alerts.json())
      .alerts.map((alert) => garconAlert.parse(alert))
      .filter((alert) => alert.kind === 'order_ready' && alert.orderNumber === placed.number)
    expect(ready).toHaveLength(1)
  })

  it('bumps a whole order at once from accepted to ready, and a bump twice changes nothing', async () => {
    const placed = await acceptedOrder('T4')
    const all = bumpResult.parse((await bump(placed.id, [0, 1, 2, 3])).json())
    expect(all.orderStatus).toBe('ready')
    const again = await bump(placed.id, [0])
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ error: { code: 'order_not_in_kitchen' } })
  })

  it('undoes the last bump within 30 s, even the one that made the order ready, and not later', async () => {
    const placed = await acceptedOrder('T1')
    await bump(placed.id, [0, 1, 2])
    const last = bumpResult.parse((await bump(placed.id, [3])).json())
    expect(last.orderStatus).toBe('ready')

    clock.now = new Date(clock.now.getTime() + 29_000)
    const undone = await undo(last.bumpId ?? '')
    expect(undone.statusCode).toBe(200)
    expect(bumpResult.parse(undone.json()).orderStatus).toBe('cooking')
    expect(await statusOf(placed.id)).toBe('cooking')
    const items = (await board()).tickets
      .filter((ticket) => ticket.orderId === placed.id)
      .flatMap((ticket) => ticket.items)
    expect(items.find((item) => item.line === 3)?.bumpedAt).toBeNull()
    expect(items.find((item) => item.line === 0)?.bumpedAt).not.toBeNull()
    // Undone once: the bump is gone.
    expect((await undo(last.bumpId ?? '')).statusCode).toBe(404)

    const again = bumpResult.parse((await bump(placed.id, [3])).json())
    clock.now = new Date(clock.now.getTime() + 31_000)
    const late = await undo(again.bumpId ?? '')
    expect(late.statusCode).toBe(409)
    expect(late.json()).toMatchObject({ error: { code: 'undo_expired' } })
    expect(await statusOf(placed.id)).toBe('ready')
  })

  it('un-bumps any dish of an order still in the kitchen', async () => {
    const placed = await acceptedOrder('T2')
    await bump(placed.id, [0])
    clock.now = new Date(clock.now.getTime() + 10 * 60_000)
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/kitchen/orders/${placed.id}/bumps/0`,
      headers: asKitchen(),
    })
    expect(response.statusCode).toBe(200)
    // It stays cooking: the kitchen has started it.
    expect(bumpResult.parse(response.json()).orderStatus).toBe('cooking')
    const items = (await board()).tickets
      .filter((ticket) => ticket.orderId === placed.id)
      .flatMap((ticket) => ticket.items)
    expect(items.every((item) => item.bumpedAt === null)).toBe(true)
  })

  it('keeps a cancelled order on the screen, marked cancelled, until a cook takes it off (decision 0131)', async () => {
    const placed = await acceptedOrder('T5')
    events.length = 0
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/garcon/orders/${placed.id}/status`,
      headers: asAnna(),
      payload: { status: 'cancelled', reason: 'Гость ушёл' },
    })
    expect(cancel.statusCode).toBe(200)
    await t.app.outbox.kick()
    expect(
      events.some(
        (event) =>
          event.channels.includes(kitchenChannel('demo')) && event.name === 'kitchen.changed',
      ),
    ).toBe(true)
    const shown = (await board()).tickets.filter((ticket) => ticket.orderId === placed.id)
    expect(shown.length).toBeGreaterThan(0)
    expect(shown.every((ticket) => ticket.status === 'cancelled' && ticket.leavesAt)).toBe(true)
    // Taken off by bumping it: the order stays cancelled, and it leaves the screen.
    const lines = shown.flatMap((ticket) => ticket.items.map((item) => item.line))
    const taken = await bump(placed.id, lines)
    expect(taken.statusCode).toBe(200)
    expect(taken.json()).toMatchObject({ orderStatus: 'cancelled' })
    expect((await board()).tickets.some((ticket) => ticket.orderId === placed.id)).toBe(false)
  })

  it('shows a moved table at once', async () => {
    const placed = await acceptedOrder('T6')
    events.length = 0
    const session = (await t.database.db
      .selectFrom('orders')
      .select('tableSessionId')
      .where('id', '=', placed.id)
      .executeTakeFirstOrThrow()) as { tableSessionId: string }
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/v1/garcon/table-sessions/${session.tableSessionId}/move`,
      headers: asAnna(),
      payload: { tableCode: 'T11' },
    })
    expect(moved.statusCode).toBe(200)
    await t.app.outbox.kick()
    expect(events.some((event) => event.channels.includes(kitchenChannel('demo')))).toBe(true)
    const tickets = (await board()).tickets.filter((ticket) => ticket.orderId === placed.id)
    expect(tickets[0]?.table).toEqual({ code: 'T11', label: '11' })
  })

  /** A pickup for the first slot the restaurant offers on its next open day, accepted. */
  const acceptedPickupForLater = async () => {
    const offered = slots.parse(
      (await t.app.inject({ url: '/api/v1/restaurants/demo/slots?type=pickup' })).json(),
    )
    const nextDay = offered.days.find((day) => day !== offered.date)
    const onNextDay = slots.parse(
      (
        await t.app.inject({
          url: `/api/v1/restaurants/demo/slots?type=pickup&date=${nextDay ?? ''}`,
        })
      ).json(),
    )
    const at = onNextDay.slots[0]?.at
    expect(at).toBeDefined()
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/restaurants/demo/orders',
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        type: 'pickup',
        lines: [{ dishId: 'borscht', quantity: 1, optionIds: [] }],
        paymentMethod: 'cash',
        contact: { name: 'Мария', phone: '+79161234567' },
        scheduledFor: at,
      },
    })
    expect(response.statusCode).toBe(201)
    const placed = order.parse(response.json())
    await accept(placed.id)
    return { placed, due: Date.parse(at ?? '') }
  }

  it("holds tomorrow's pickup in the later lane, without a timer, until the lead time before it is due", async () => {
    const { placed, due } = await acceptedPickupForLater()
    const joinsAt = due - 30 * 60_000
    const held = await board()
    expect(held.tickets.some((ticket) => ticket.orderId === placed.id)).toBe(false)
    expect(held.later.filter((ticket) => ticket.orderId === placed.id)).toEqual([
      expect.objectContaining({
        scheduledFor: new Date(due).toISOString(),
        joinsAt: new Date(joinsAt).toISOString(),
        since: new Date(joinsAt).toISOString(),
      }),
    ])

    clock.now = new Date(joinsAt - 1_000)
    const stillHeld = await board()
    expect(stillHeld.later.map((ticket) => ticket.orderId)).toContain(placed.id)
    expect(stillHeld.tickets.map((ticket) => ticket.orderId)).not.toContain(placed.id)

    // Due in 30 minutes: on the live board, its timer counting from now, not from acceptance.
    clock.now = new Date(joinsAt)
    const live = await board()
    expect(live.later.map((ticket) => ticket.orderId)).not.toContain(placed.id)
    expect(live.tickets.filter((ticket) => ticket.orderId === placed.id)).toEqual([
      expect.objectContaining({ since: new Date(joinsAt).toISOString() }),
    ])
  })

  it("joins the board as many minutes before it is due as the restaurant's setting says", async () => {
    const { placed, due } = await acceptedPickupForLater()
    const lead = (settings: Record<string, unknown>) =>
      t.database.db
        .updateTable('restaurants')
        .set({ settings: JSON.stringify(settings) })
        .where('id', '=', 'demo')
        .execute()
    const stored = await t.database.db
      .selectFrom('restaurants')
      .select('settings')
      .where('id', '=', 'demo')
      .executeTakeFirstOrThrow()
    try {
      await lead({ ...stored.settings, kitchenLeadMinutes: 90 })
      clock.now = new Date(due - 90 * 60_000 - 1_000)
      expect((await board()).later.map((ticket) => ticket.orderId)).toContain(placed.id)
      clock.now = new Date(due - 90 * 60_000)
      const live = await board()
      expect(live.tickets.map((ticket) => ticket.orderId)).toContain(placed.id)
      expect(live.later.map((ticket) => ticket.orderId)).not.toContain(placed.id)

      // Settings saved before the setting existed: the default, 30 minutes.
      await lead(
        Object.fromEntries(
          Object.entries(stored.settings).filter(([key]) => key !== 'kitchenLeadMinutes'),
        ),
      )
      expect((await board()).later.find((ticket) => ticket.orderId === placed.id)?.joinsAt).toBe(
        new Date(due - 30 * 60_000).toISOString(),
      )
    } finally {
      await lead(stored.settings)
    }
  })

  it('puts an order wanted now on the live board at once, with no time to join', async () => {
    const placed = await acceptedOrder('T1')
    const { tickets, later } = await board()
    expect(later.some((ticket) => ticket.orderId === placed.id)).toBe(false)
    expect(tickets.filter((ticket) => ticket.orderId === placed.id)).not.toHaveLength(0)
    expect(tickets.every((ticket) => ticket.joinsAt === null)).toBe(true)
  })

  it("cooks dishes whose category has no station at the restaurant's default station, its first", async () => {
    await t.database.db
      .deleteFrom('kitchenStationCategories')
      .where('restaurantId', '=', 'demo')
      .where('categoryId', '=', 'salads')
      .execute()
    try {
      const placed = await acceptedOrder('T1')
      const tickets = (await board()).tickets.filter((ticket) => ticket.orderId === placed.id)
      const { hot } = await stationIds()
      expect(tickets.some((ticket) => ticket.stationId === null)).toBe(false)
      expect(tickets[0]).toMatchObject({ key: `${placed.id}:${hot ?? ''}`, stationId: hot })
      expect(tickets[0]?.items.map((item) => item.line)).toEqual([0, 1, 2])
    } finally {
      const { cold } = await stationIds()
      await t.database.db
        .insertInto('kitchenStationCategories')
        .values({ restaurantId: 'demo', categoryId: 'salads', stationId: cold ?? '' })
        .execute()
    }
  })

  it('refuses lines the order does not have, and changes nothing', async () => {
    const placed = await acceptedOrder('T1')
    const response = await bump(placed.id, [1, 9])
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      error: { code: 'validation_failed', fields: [{ path: 'body.lines.1' }] },
    })
    expect(await statusOf(placed.id)).toBe('accepted')
    for (const payload of [{ lines: [] }, { lines: [-1] }, { lines: ['a'] }, {}]) {
      const bad = await t.app.inject({
        method: 'POST',
        url: `/api/v1/kitchen/orders/${placed.id}/bumps`,
        headers: asKitchen(),
        payload,
      })
      expect(bad.statusCode).toBe(400)
    }
    expect((await bump('not-a-uuid', [0])).statusCode).toBe(400)
    expect((await bump(randomUUID(), [0])).statusCode).toBe(404)
    expect(await statusOf(placed.id)).toBe('accepted')
  })

  it('refuses anyone but the kitchen: no token, a waiter, a manager, a diner', async () => {
    const placed = await acceptedOrder('T1')
    const { token: managerToken } = await t.app
      .inject({
        method: 'POST',
        url: '/api/v1/auth/admin/login',
        payload: { restaurantId: 'demo', login: 'manager', password: 'tableside-demo' },
      })
      .then((response) => response.json<{ token: string }>())
    const strangers = [
      {},
      { 'x-garcon-token': anna.token },
      { 'x-manager-token': managerToken },
      { 'x-kitchen-token': 'forged' },
      { 'x-profile-token': 'a-diner-profile-token' },
    ]
    for (const headers of strangers) {
      const calls = [
        { method: 'GET' as const, url: '/api/v1/kitchen/tickets' },
        {
          method: 'POST' as const,
          url: `/api/v1/kitchen/orders/${placed.id}/bumps`,
          payload: { lines: [0] },
        },
        { method: 'DELETE' as const, url: `/api/v1/kitchen/bumps/${randomUUID()}` },
        { method: 'DELETE' as const, url: `/api/v1/kitchen/orders/${placed.id}/bumps/0` },
      ]
      for (const call of calls) {
        const response = await t.app.inject({ ...call, headers })
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(401)
      }
    }
    expect(await statusOf(placed.id)).toBe('accepted')
  })

  it("never shows or bumps another restaurant's orders", async () => {
    const placed = await acceptedOrder('T1')
    const theirs = await board(bistroKitchenToken)
    expect(theirs.tickets).toEqual([])
    expect(theirs.stations).toEqual([])
    expect((await bump(placed.id, [0], bistroKitchenToken)).statusCode).toBe(404)
    const mine = bumpResult.parse((await bump(placed.id, [0])).json())
    const undoTheirs = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/kitchen/bumps/${mine.bumpId ?? ''}`,
      headers: asKitchen(bistroKitchenToken),
    })
    expect(undoTheirs.statusCode).toBe(404)
    const unbumpTheirs = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/kitchen/orders/${placed.id}/bumps/0`,
      headers: asKitchen(bistroKitchenToken),
    })
    expect(unbumpTheirs.statusCode).toBe(404)
    expect(await statusOf(placed.id)).toBe('cooking')
  })

  describe('its channel', () => {
    const authorize = (channel: string, headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/broadcasting/auth',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams({ socket_id: '1.2', channel_name: channel }).toString(),
      })

    const managerToken = async (restaurantId = 'demo') => {
      const login =
        restaurantId === 'demo'
          ? { login: 'manager', password: 'tableside-demo' }
          : { login: 'bistro-boss', password: 'bistro-password-1' }
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/admin/login',
        payload: { restaurantId, ...login },
      })
      return response.json<{ token: string }>().token
    }

    it("lets the restaurant's kitchen in, and its manager", async () => {
      const insiders: Record<string, string>[] = [
        asKitchen(),
        { 'x-manager-token': await managerToken() },
      ]
      for (const headers of insiders) {
        const response = await authorize('private-kitchen.demo', headers)
        expect(response.statusCode).toBe(200)
        expect(response.json()).toHaveProperty('auth')
      }
    })

    it("refuses another restaurant's kitchen and manager, a waiter and nobody", async () => {
      await addManager(t, 'bistro', 'bistro-boss', 'bistro-password-1')
      const strangers: Array<[Record<string, string>, number]> = [
        [asKitchen(bistroKitchenToken), 403],
        [{ 'x-manager-token': await managerToken('bistro') }, 403],
        // No kitchen or manager signed in: sign in first.
        [{ 'x-garcon-token': anna.token }, 401],
        [{}, 401],
      ]
      for (const [headers, status] of strangers) {
        const response = await authorize('private-kitchen.demo', headers)
        expect(response.statusCode).toBe(status)
      }
      expect((await authorize('private-kitchen.bistro', asKitchen())).statusCode).toBe(403)
    })
  })
})
