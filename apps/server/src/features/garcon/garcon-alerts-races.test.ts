import { expect, it } from 'vitest'
import { garconAlertsHandled } from '@tableside/contracts/garcon-alerts'
import { waiterCall } from '@tableside/contracts/waiter-calls'
import { recordEvents } from '../../test/test-payments'
import { describeRace, RACE_RUNS } from '../../test/race-app'
import { signInAsWaiter } from '../../test/test-restaurants'

// Decision 0123: two waiters answer one call at once (one "on my way", one "done"), as two
// nodes would: every alert of it leaves the feeds, and each is told handled exactly once.
describeRace('Handled alerts while two waiters answer one call', (race) => {
  it('settles each alert once, whoever answers first', async () => {
    const { t } = race()
    const events = recordEvents(t.app)
    const igor = await signInAsWaiter(t.app, 'igor', '2222')
    for (const token of [race().waiterToken, igor.token]) {
      const shift = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/garcon/me/shift',
        headers: { 'x-garcon-token': token },
        payload: { onShift: false },
      })
      expect(shift.statusCode).toBe(200)
    }
    for (let run = 0; run < RACE_RUNS; run++) {
      const sessionId = await race().openSession()
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/v1/restaurants/demo/waiter-calls',
        payload: { tableSessionId: sessionId, reason: 'waiter' },
      })
      expect(made.statusCode).toBe(201)
      const call = waiterCall.parse(made.json())
      const alerts = await t.database.db
        .selectFrom('garconAlerts')
        .select('id')
        .where('callId', '=', call.id)
        .execute()
      // Nobody on shift: every active waiter heard it (Анна, Игорь and any other).
      expect(alerts.length).toBeGreaterThanOrEqual(2)

      const [ack, done] = await Promise.all([
        race().asWaiter(`/garcon/waiter-calls/${call.id}/acknowledge`),
        t.app.inject({
          method: 'POST',
          url: `/api/v1/garcon/waiter-calls/${call.id}/done`,
          headers: { 'x-garcon-token': igor.token },
        }),
      ])
      expect([ack.statusCode, done.statusCode]).toEqual([200, 200])
      await t.app.outbox.kick()

      const unread = await t.database.db
        .selectFrom('garconAlerts')
        .select('id')
        .where('callId', '=', call.id)
        .where('readAt', 'is', null)
        .execute()
      expect(unread).toEqual([])
      const told = events
        .filter((event) => event.name === garconAlertsHandled.name)
        .flatMap((event) => garconAlertsHandled.data.parse(JSON.parse(event.data)).alertIds)
        .filter((id) => alerts.some((alert) => alert.id === id))
      expect(told.sort()).toEqual(alerts.map((alert) => alert.id).sort())
    }
  })
})
