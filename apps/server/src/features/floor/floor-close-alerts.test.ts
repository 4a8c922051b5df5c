import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listGarconAlerts } from '@tableside/contracts/garcon-alerts'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { paymentActions } from '../../test/test-payments'
import {
  openTableSession,
  signInWaitersOfTwoRestaurants,
  type SignedInWaiter,
} from '../../test/test-restaurants'

const OLIVIER = { dishId: 'olivier', quantity: 1, optionIds: [] }

// A waiter who closes a table by hand tells the table's other waiters that its visit ended, and
// who ended it, in the transaction that closes it (decisions 0045, 0049).
describe.each(testDatabaseKinds)('A table closed by hand on $name', (kind) => {
  let t: TestApp
  let waiters: Record<'anna' | 'igor' | 'olga', SignedInWaiter>
  const diner = paymentActions(() => t.app, 'demo')

  beforeAll(async () => {
    t = await createTestApp(kind)
    waiters = await signInWaitersOfTwoRestaurants(t)
  })
  afterAll(async () => {
    await t.close()
  })

  const as = (
    who: keyof typeof waiters,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { 'x-garcon-token': waiters[who].token },
      ...(payload ? { payload } : {}),
    })
  const endedAlerts = async (who: keyof typeof waiters) =>
    listGarconAlerts.response
      .parse((await as(who, 'GET', '/garcon/alerts')).json())
      .alerts.filter((alert) => alert.kind === 'session_ended')
  const endedRows = () =>
    t.database.db
      .selectFrom('garconAlerts')
      .select(['waiterId', 'tableCode', 'detail'])
      .where('kind', '=', 'session_ended')
      .execute()

  it('alerts the other waiter of the table, naming who closed it, and neither the closer nor another restaurant’s waiter', async () => {
    const session = await openTableSession(t, 'demo', 'T7')
    const placed = await diner.place(session.id, 'cash', [OLIVIER])
    const url = `/garcon/table-sessions/${session.id}/close`

    // Refused closes and another restaurant's waiter alert nobody.
    expect((await as('igor', 'POST', url)).statusCode).toBe(409)
    expect((await as('olga', 'POST', url)).statusCode).toBe(404)
    expect(await endedRows()).toEqual([])

    expect((await as('igor', 'POST', `/garcon/orders/${placed.id}/cash-paid`)).statusCode).toBe(200)
    for (const status of ['accepted', 'cooking', 'ready', 'served']) {
      const moved = await as('igor', 'POST', `/garcon/orders/${placed.id}/status`, { status })
      expect(moved.statusCode).toBe(200)
    }
    expect((await as('igor', 'POST', url)).statusCode).toBe(200)

    // Nobody is on shift in the demo: every waiter hears the table, but Igor closed it.
    expect(await endedAlerts('anna')).toEqual([
      expect.objectContaining({
        table: { code: 'T7', label: '7' },
        orderNumber: null,
        detail: { closedReason: 'waiter', closedBy: { name: 'Игорь' } },
      }),
    ])
    expect(await endedAlerts('igor')).toEqual([])
    expect(await endedAlerts('olga')).toEqual([])
    // Once: closing again changes nothing and alerts nobody again.
    expect((await as('igor', 'POST', url)).statusCode).toBe(200)
    expect(await endedRows()).toHaveLength(1)
    // Her locked phone says it too, in the restaurant's language.
    const pushes = await t.database.db
      .selectFrom('outbox')
      .select('payload')
      .where('kind', '=', 'garcon-push')
      .execute()
    const ended = pushes
      .map((row) => row.payload as { waiterId: string; alert: { title: string; body: string } })
      .filter((payload) => payload.alert.title === 'Стол освободился')
    expect(ended).toEqual([
      {
        waiterId: waiters.anna.id,
        alert: expect.objectContaining({
          body: 'Стол 7 · гости ушли, стол закрыт · Игорь',
        }) as unknown,
      },
    ])
  })

  it('alerts a banquet table’s other waiter on shift, and not a waiter on shift elsewhere', async () => {
    const t8 = await t.database.db
      .selectFrom('restaurantTables')
      .select('id')
      .where('restaurantId', '=', 'demo')
      .where('code', '=', 'T8')
      .executeTakeFirstOrThrow()
    // The back office put Anna beside Igor on T8; both are on shift.
    await t.database.db
      .insertInto('waiterTables')
      .values({ waiterId: waiters.anna.id, tableId: t8.id })
      .execute()
    for (const who of ['anna', 'igor'] as const) {
      expect((await as(who, 'PUT', '/garcon/me/shift', { onShift: true })).statusCode).toBe(200)
    }
    const before = (await endedRows()).length
    const session = await openTableSession(t, 'demo', 'T8')
    expect(
      (await as('anna', 'POST', `/garcon/table-sessions/${session.id}/close`)).statusCode,
    ).toBe(200)
    const rows = (await endedRows()).slice(before)
    expect(rows).toEqual([
      {
        waiterId: waiters.igor.id,
        tableCode: 'T8',
        detail: { closedReason: 'waiter', closedBy: { name: 'Анна' } },
      },
    ])

    // T1 is Anna's alone: Igor, on shift but not of T1, is not told when she closes it.
    const t1 = await openTableSession(t, 'demo', 'T1')
    expect((await as('anna', 'POST', `/garcon/table-sessions/${t1.id}/close`)).statusCode).toBe(200)
    expect(await endedRows()).toHaveLength(before + 1)
  })
})
