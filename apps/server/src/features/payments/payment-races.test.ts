import { sql } from 'kysely'
import { expect, it } from 'vitest'
import { order } from '@tableside/contracts/orders'
import { payment } from '@tableside/contracts/payments'
import { describeRace, RACE_RUNS } from '../../test/race-app'

/**
 * A double tap on Pay, on a PostgreSQL server: two requests for one order on separate
 * connections, held at a barrier so they overlap.
 *
 * - Both taps waiting for the order's row: the code held before this test (the second tap
 *   re-reads the pending payments once it has the lock). Taking `for update` out of the
 *   order's lock made the second tap answer 500 (`expected [ 201, 500 ]`: the one-pending-
 *   payment index refused its insert).
 * - The second tap arriving while the first one hands its payment over to the acquirer (held by
 *   a lock on the acquirer's table): the old code took the first tap's payment, which had no
 *   acquirer reference yet, for an abandoned one, cancelled it and made a second, so the taps
 *   got two different payments (`expected '53f2…' to be '29ee…'`) and the first tap's diner
 *   paid on the page of a cancelled payment.
 */
describeRace('A double tap on Pay', (race) => {
  const cardOrder = async () => {
    const sessionId = await race().openSession()
    return order.parse((await race().placeOrder(sessionId, 'card')).json())
  }
  const tap = (orderId: string) =>
    race().t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${orderId}/payments`,
      payload: { method: 'card' },
    })
  const paymentsOf = async (orderId: string) =>
    (
      await sql<{ status: string }>`
        select status from payments where order_id = ${orderId} order by created_at
      `.execute(race().t.database.db)
    ).rows.map((row) => row.status)

  const expectOnePayment = async (orderId: string, taps: Awaited<ReturnType<typeof tap>>[]) => {
    expect(taps.map((answer) => answer.statusCode)).toEqual([201, 201])
    const [first, second] = taps.map((answer) => payment.parse(answer.json()))
    expect(second?.id).toBe(first?.id)
    expect(second?.redirectUrl).toBe(first?.redirectUrl)
    expect(first?.redirectUrl).toMatch(/\/sandbox-acquirer\/pay\/sbx_/)
    expect(await paymentsOf(orderId)).toEqual(['pending'])
  }

  it('makes one payment when both taps wait for the order', async () => {
    for (let run = 0; run < RACE_RUNS; run++) {
      const placed = await cardOrder()
      const barrier = await race().barrier('select id from orders where id = $1 for update', [
        placed.id,
      ])
      const taps = [tap(placed.id), tap(placed.id)]
      await barrier.arrived(2)
      await barrier.release()
      await expectOnePayment(placed.id, await Promise.all(taps))
    }
  })

  it('makes one payment when the second tap comes while the first is handed to the acquirer', async () => {
    for (let run = 0; run < RACE_RUNS; run++) {
      const placed = await cardOrder()
      const barrier = await race().barrier('lock table sandbox_acquirer_payments in share mode', [])
      const first = tap(placed.id)
      await barrier.arrived(1)
      const second = tap(placed.id)
      // A second tap that makes a payment of its own waits at the acquirer too; one that waits
      // for the first tap's hand-over does not, and is let go after a moment.
      await barrier.arrived(2, 300)
      await barrier.release()
      await expectOnePayment(placed.id, await Promise.all([first, second]))
    }
  })
})
