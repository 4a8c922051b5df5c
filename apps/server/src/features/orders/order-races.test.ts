import { expect, it } from 'vitest'
import { errorBody } from '@tableside/contracts/errors'
import { order } from '@tableside/contracts/orders'
import { describeRace, RACE_RUNS } from '../../test/race-app'

/**
 * The diner cancels while the waiter accepts, on a PostgreSQL server. The status change is a
 * compare-and-set (`WHERE status = from`), re-judged against the fresh row by the loser; the
 * code held before this test was written. To see the test catch the race, the guard was taken
 * out of `changeStatus`: both answered 200 in every run (`expected [ …(2) ] to have a length of
 * 1 but got 2`), the second write overwriting the first.
 */
describeRace('Cancelling and accepting one order at once', (race) => {
  for (const first of ['cancel', 'accept'] as const) {
    it(`lets exactly one of them win, with a history that agrees (${first} reaches the order first)`, async () => {
      for (let run = 0; run < RACE_RUNS; run++) {
        const sessionId = await race().openSession()
        const placed = order.parse((await race().placeOrder(sessionId)).json())
        const barrier = await race().barrier('select id from orders where id = $1 for update', [
          placed.id,
        ])
        const cancel = () =>
          race().t.app.inject({ method: 'POST', url: `/api/v1/orders/${placed.id}/cancel` })
        const accept = () =>
          race().asWaiter(`/garcon/orders/${placed.id}/status`, { status: 'accepted' })
        const [one, other] = first === 'cancel' ? [cancel, accept] : [accept, cancel]
        const answers = await barrier.race(one, other)
        const [cancelled, accepted] = first === 'cancel' ? answers : [answers[1], answers[0]]

        const winners = [cancelled, accepted].filter((answer) => answer.statusCode === 200)
        expect(winners).toHaveLength(1)
        const now = order.parse(
          (await race().t.app.inject({ method: 'GET', url: `/api/v1/orders/${placed.id}` })).json(),
        )
        const won = cancelled.statusCode === 200 ? 'cancelled' : 'accepted'
        expect(now.status).toBe(won)
        expect(now.history.map((entry) => entry.status)).toEqual(['placed', won])
        const loser = won === 'cancelled' ? accepted : cancelled
        expect(loser.statusCode).toBe(409)
        expect(errorBody.parse(loser.json()).error.code).toBe(
          won === 'cancelled' ? 'illegal_status_change' : 'order_not_cancellable',
        )
      }
    })
  }
})
