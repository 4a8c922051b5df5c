import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tableChannel } from '@tableside/contracts/table-sessions'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { paymentActions, recordEvents } from '../../test/test-payments'
import type { OutboundEvent } from '../realtime/realtime-protocol'
import {
  createOrderingRestaurant,
  numberedTables,
  openTableSession,
} from '../../test/test-restaurants'

// Issue 13, item 4: whoever holds a table's session hears and reads the table, never the ids
// that are another diner's capabilities (decision 0015).
describe.each(testDatabaseKinds)('Payment capabilities on $name', (kind) => {
  let t: TestApp
  let events: OutboundEvent[]
  const diner = paymentActions(() => t.app)
  beforeAll(async () => {
    t = await createTestApp(kind)
    events = recordEvents(t.app)
    await createOrderingRestaurant(t, 'bistro', {
      tables: numberedTables(4),
      settings: { paymentMethods: ['cash', 'card', 'sbp'], onlinePayment: true },
    })
  })
  afterAll(async () => {
    await t.close()
  })

  /** What a second phone at the table learns: its channel's events and the bill. */
  const heardAtTable = async (sessionId: string) => {
    await t.app.outbox.kick()
    const table = events.filter((event) => event.channels.includes(tableChannel(sessionId)))
    const heard = table.map((event) => `${event.name} ${event.data}`).join('\n')
    return `${heard}\n${await diner.billText(sessionId)}`
  }

  it('never tells the table an order’s or a payment’s id, so nobody can cancel another diner’s payment', async () => {
    const session = await openTableSession(t, 'bistro', 'T1')
    // The first diner orders for card and starts paying it (a second tap gets the same one);
    // another diner at the table orders too.
    const first = await diner.place(session.id, 'card')
    const firstPayment = await diner.startOrderPayment(first.id)
    expect((await diner.startOrderPayment(first.id)).id).toBe(firstPayment.id)
    await diner.place(session.id, 'cash')

    const heard = await heardAtTable(session.id)
    expect(events.some((event) => event.channels.includes(tableChannel(session.id)))).toBe(true)
    expect(heard).not.toContain(firstPayment.id)
    expect(heard).not.toContain(first.id)
    // Without its id nobody else can cancel it: a guess is a payment that does not exist.
    const guess = await diner.cancelPayment(randomUUID())
    expect(guess.statusCode).toBe(404)
    // The first diner's payment is still theirs to finish.
    expect((await diner.getPayment(firstPayment.id)).status).toBe('pending')

    // It succeeds: the table hears the bill changed, with no id.
    expect((await diner.succeeded(firstPayment)).statusCode).toBe(200)
    const after = await heardAtTable(session.id)
    expect(after).toContain('bill.updated')
    expect(after).not.toContain(firstPayment.id)
    expect(after).not.toContain(first.id)
  })

  it('keeps a bill payment’s id with the phone that started it', async () => {
    const session = await openTableSession(t, 'bistro', 'T2')
    const placed = await diner.place(session.id, 'cash')
    const started = await diner.startBillPayment(session.id)
    const cancelled = await diner.cancelPayment(started.id)
    expect(cancelled.statusCode).toBe(200)
    const heard = await heardAtTable(session.id)
    expect(heard).not.toContain(started.id)
    expect(heard).not.toContain(placed.id)
    // The order's own channel hears its order, not the bill payer's payment either.
    const orderChannelText = events
      .filter((event) => event.channels.includes(`private-order.${placed.id}`))
      .map((event) => event.data)
      .join('\n')
    expect(orderChannelText).not.toContain(started.id)
  })
})
