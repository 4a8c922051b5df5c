import { randomUUID } from 'node:crypto'
import { expect, it } from 'vitest'
import { errorBody } from '@tableside/contracts/errors'
import { tableCashSettlement } from '@tableside/contracts/garcon-floor'
import { order } from '@tableside/contracts/orders'
import { describeRace, RACE_RUNS } from '../../test/race-app'

/**
 * Running the table races what diners do at it, on a PostgreSQL server (decision 0044). To see
 * the first test catch its race, the table's cash was made to read payments before locking the
 * orders: a card payment that reached the order first was missed, and the order ended paid in
 * cash while the card held it (`expected 201 to be 409`, card first). The close holds the
 * session's row, which an order's insert updates: an order either got in first and keeps the
 * table open, or finds it closed.
 */
describeRace('Running the table while diners act', (race) => {
  for (const first of ['cash', 'card'] as const) {
    it(`takes the table's cash or starts the card payment, never both (${first} first)`, async () => {
      for (let run = 0; run < RACE_RUNS; run++) {
        const sessionId = await race().openSession()
        const placed = order.parse((await race().placeOrder(sessionId, 'card')).json())
        const barrier = await race().barrier('select id from orders where id = $1 for update', [
          placed.id,
        ])
        const cash = () =>
          race().t.app.inject({
            method: 'POST',
            url: `/api/v1/garcon/table-sessions/${sessionId}/cash-paid`,
            headers: {
              'x-garcon-token': race().waiterToken,
              'idempotency-key': randomUUID(),
            },
          })
        const card = () =>
          race().t.app.inject({
            method: 'POST',
            url: `/api/v1/orders/${placed.id}/payments`,
            payload: { method: 'card' },
          })
        const [one, other] = first === 'cash' ? [cash, card] : [card, cash]
        const firstAnswer = one()
        await barrier.arrived(1)
        const secondAnswer = other()
        await barrier.arrived(2)
        await barrier.release()
        const answers = await Promise.all([firstAnswer, secondAnswer])
        const [cashAnswer, cardAnswer] = first === 'cash' ? answers : [answers[1], answers[0]]

        const now = order.parse(
          (await race().t.app.inject({ method: 'GET', url: `/api/v1/orders/${placed.id}` })).json(),
        )
        if (cashAnswer.statusCode === 200) {
          expect(tableCashSettlement.parse(cashAnswer.json()).amount).toBe(placed.totals.total)
          expect(cardAnswer.statusCode).toBe(409)
          expect(now.paymentStatus).toBe('paid')
        } else {
          expect(errorBody.parse(cashAnswer.json()).error.code).toBe('payment_in_progress')
          expect(cardAnswer.statusCode).toBe(201)
          expect(now.paymentStatus).not.toBe('paid')
        }
      }
    })
  }

  it('closes a settled table or takes the order placed at that moment, never an order at a closed table', async () => {
    for (let run = 0; run < RACE_RUNS; run++) {
      const sessionId = await race().openSession()
      const barrier = await race().barrier(
        'select id from table_sessions where id = $1 for update',
        [sessionId],
      )
      const close = race().asWaiter(`/garcon/table-sessions/${sessionId}/close`)
      await barrier.arrived(1)
      const placing = race().placeOrder(sessionId)
      await barrier.arrived(2)
      await barrier.release()
      const [closed, placed] = await Promise.all([close, placing])

      if (placed.statusCode === 201) {
        expect(errorBody.parse(closed.json()).error.code).toBe('bill_not_settled')
      } else {
        expect(closed.statusCode).toBe(200)
        expect(errorBody.parse(placed.json()).error.code).toBe('session_expired')
      }
      const orders = await race()
        .t.database.db.selectFrom('orders as o')
        .innerJoin('tableSessions as s', 's.id', 'o.tableSessionId')
        .select(['o.paymentStatus', 's.closedAt'])
        .where('s.id', '=', sessionId)
        .execute()
      expect(orders.filter((row) => row.closedAt !== null && row.paymentStatus !== 'paid')).toEqual(
        [],
      )
    }
  })
})
