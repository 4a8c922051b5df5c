import { sql } from 'kysely'
import { expect, it } from 'vitest'
import { errorBody } from '@tableside/contracts/errors'
import { order } from '@tableside/contracts/orders'
import { describeRace, RACE_RUNS } from '../../test/race-app'

/**
 * Settling a table while someone at it orders, on a PostgreSQL server under READ COMMITTED.
 * Against the old `closeIfSettled` (one UPDATE whose "no unpaid order" subqueries are judged
 * once, on the snapshot taken before it waited for the session row) the run where the new
 * order takes the session row first failed every time: the session closed `settled` with the
 * new, unpaid order in it (`expected [ 'closed with 1 unpaid' ] to equal []`).
 */
describeRace('Settling a table against a new order', (race) => {
  /** A table whose only order is served and paid: completing it settles the table. */
  const almostSettled = async () => {
    const sessionId = await race().openSession()
    const first = order.parse((await race().placeOrder(sessionId)).json())
    await sql`
      update orders set status = 'served', payment_status = 'paid', paid_amount = total
      where id = ${first.id}
    `.execute(race().t.database.db)
    return { sessionId, first }
  }

  const stateOf = async (sessionId: string) => {
    const { db } = race().t.database
    const session = await db
      .selectFrom('tableSessions')
      .select(['closedAt', 'closedReason'])
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow()
    const unpaid = await db
      .selectFrom('orders')
      .select('id')
      .where('tableSessionId', '=', sessionId)
      .where('status', '<>', 'cancelled')
      .where('paymentStatus', '<>', 'paid')
      .execute()
    return { closed: session.closedAt !== null, reason: session.closedReason, unpaid }
  }

  for (const first of ['new order', 'settle'] as const) {
    it(`never closes a table with an unpaid order, nor refuses an order without a reason (${first} reaches the table first)`, async () => {
      const broken: string[] = []
      for (let run = 0; run < RACE_RUNS; run++) {
        const { sessionId, first: served } = await almostSettled()
        const barrier = await race().barrier(
          'select id from table_sessions where id = $1 for update',
          [sessionId],
        )
        const placeNew = () => race().placeOrder(sessionId)
        const complete = () =>
          race().asWaiter(`/garcon/orders/${served.id}/status`, { status: 'completed' })
        const [one, other] = first === 'new order' ? [placeNew, complete] : [complete, placeNew]
        const answers = await barrier.race(one, other)
        const [placed, completed] = first === 'new order' ? answers : [answers[1], answers[0]]

        expect(completed.statusCode).toBe(200)
        const state = await stateOf(sessionId)
        if (placed.statusCode === 201) {
          // The order is in: the table stays open for it.
          if (state.closed) broken.push(`closed with ${state.unpaid.length} unpaid`)
        } else {
          // The table was settled first: the diner is told the session ended.
          expect(placed.statusCode).toBe(410)
          expect(errorBody.parse(placed.json()).error.code).toBe('session_expired')
          expect(state).toMatchObject({ closed: true, reason: 'settled', unpaid: [] })
        }
      }
      expect(broken).toEqual([])
    })
  }
})
