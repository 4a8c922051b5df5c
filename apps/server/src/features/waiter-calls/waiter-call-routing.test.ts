import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listGarconAlerts } from '@tableside/contracts/garcon-alerts'
import { garconChannel, waiterCallUpdated } from '@tableside/contracts/table-events'
import { tableChannel } from '@tableside/contracts/table-sessions'
import { waiterCall } from '@tableside/contracts/waiter-calls'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { openTableSession, signInAsWaiter } from '../../test/test-restaurants'

// Decision 0042: a call goes to the table's waiters on shift; when none is, to every waiter on
// shift; when nobody is on shift, to every waiter. Anna serves T1–T6, Igor T7–T12.
describe.each(testDatabaseKinds)('Who hears a waiter call on $name', (kind) => {
  let t: TestApp
  const waiters: Record<'anna' | 'igor', { token: string; channel: string }> = {
    anna: { token: '', channel: '' },
    igor: { token: '', channel: '' },
  }

  beforeAll(async () => {
    t = await createTestApp(kind)
    for (const [login, pin] of [
      ['anna', '1111'],
      ['igor', '2222'],
    ] as const) {
      const { token, waiter } = await signInAsWaiter(t.app, login, pin)
      waiters[login] = { token, channel: garconChannel(waiter.id) }
    }
  })
  afterAll(async () => {
    await t.close()
  })

  const shift = async (who: 'anna' | 'igor', onShift: boolean) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/garcon/me/shift',
      headers: { 'x-garcon-token': waiters[who].token },
      payload: { onShift },
    })
    expect(response.statusCode).toBe(200)
  }

  /** A diner at `tableCode` calls the waiter; the channels the call's event was written for. */
  const callFrom = async (tableCode: string) => {
    const session = await openTableSession(t, 'demo', tableCode)
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/restaurants/demo/waiter-calls',
      payload: { tableSessionId: session.id, reason: 'waiter' },
    })
    expect(response.statusCode).toBe(201)
    const call = waiterCall.parse(response.json())
    const rows = await t.database.db
      .selectFrom('outbox')
      .select('payload')
      .where('kind', '=', 'publish')
      .execute()
    const written = rows
      .map((row) => row.payload as { channels: string[]; name: string; data: string })
      .filter(
        (entry) =>
          entry.name === waiterCallUpdated.name &&
          waiterCallUpdated.data.parse(JSON.parse(entry.data)).id === call.id,
      )
    expect(written).toHaveLength(1)
    const channels = written[0]?.channels ?? []
    expect(channels[0]).toBe(tableChannel(session.id))
    return channels.slice(1)
  }

  it('tells only the table’s waiter when they are on shift', async () => {
    await shift('anna', true)
    await shift('igor', true)
    expect(await callFrom('T1')).toEqual([waiters.anna.channel])
    expect(await callFrom('T7')).toEqual([waiters.igor.channel])
    // And alerts them: stored, so a reload shows it, with the table and the reason.
    const alerts = async (who: 'anna' | 'igor') =>
      listGarconAlerts.response.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/v1/garcon/alerts',
            headers: { 'x-garcon-token': waiters[who].token },
          })
        ).json(),
      ).alerts
    expect((await alerts('anna')).map((a) => [a.kind, a.table?.code, a.detail.reason])).toEqual([
      ['waiter_call', 'T1', 'waiter'],
    ])
    expect((await alerts('igor')).map((a) => a.table?.code)).toEqual(['T7'])
  })

  it('tells every waiter on shift when the table’s waiter is not', async () => {
    await shift('anna', false)
    await shift('igor', true)
    expect(await callFrom('T2')).toEqual([waiters.igor.channel])
    // A table nobody serves, likewise.
    await t.database.db.deleteFrom('waiterTables').execute()
    await shift('anna', true)
    expect((await callFrom('T3')).sort()).toEqual(
      [waiters.anna.channel, waiters.igor.channel].sort(),
    )
  })

  it('tells every waiter when nobody is on shift, so a call is never heard by no one', async () => {
    await shift('anna', false)
    await shift('igor', false)
    expect((await callFrom('T4')).sort()).toEqual(
      [waiters.anna.channel, waiters.igor.channel].sort(),
    )
  })
})
