import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { garconShiftChannel } from '@tableside/contracts/table-events'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { openTableSession, signInAsWaiter } from '../../test/test-restaurants'
import { channelAuth } from '../realtime/signatures'
import { initialsOf } from './garcon-routes'

// presence-garcon-shift.{restaurantId}: the restaurant's waiters on shift, each shown by name
// and initials; nobody else joins (decision 0045).
describe.each(testDatabaseKinds)('The waiters-on-shift presence channel on $name', (kind) => {
  let t: TestApp
  let anna: { token: string; waiter: { id: string } }

  beforeAll(async () => {
    t = await createTestApp(kind)
    anna = await signInAsWaiter(t.app, 'anna', '1111')
  })
  afterAll(async () => {
    await t.close()
  })

  const authorize = (channel: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/broadcasting/auth',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams({ socket_id: '123.456', channel_name: channel }).toString(),
    })
  const shift = async (token: string, onShift: boolean) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/garcon/me/shift',
      headers: { 'x-garcon-token': token },
      payload: { onShift },
    })
    expect(response.statusCode).toBe(200)
  }
  const refusal = (response: { statusCode: number; json: () => unknown }, status = 403) => {
    expect(response.statusCode).toBe(status)
    return (response.json() as { error: { code: string; message: string } }).error
  }

  it('lets a waiter on shift join, shown by name and initials', async () => {
    await shift(anna.token, true)
    const channel = garconShiftChannel('demo')
    const allowed = await authorize(channel, { 'x-garcon-token': anna.token })
    expect(allowed.statusCode).toBe(200)
    const body = allowed.json<{ auth: string; channel_data: string }>()
    expect(JSON.parse(body.channel_data)).toEqual({
      user_id: anna.waiter.id,
      user_info: { name: 'Анна', initials: 'А' },
    })
    const { key, secret } = t.app.realtime.credentials
    expect(body.auth).toBe(channelAuth(key, secret, '123.456', channel, body.channel_data))
  })

  it('refuses a waiter off shift, with the reason', async () => {
    await shift(anna.token, false)
    const refused = refusal(
      await authorize(garconShiftChannel('demo'), { 'x-garcon-token': anna.token }),
    )
    expect(refused.code).toBe('forbidden')
    expect(refused.message).toBe('Only waiters on shift are here. Start your shift first.')
    await shift(anna.token, true)
  })

  it("refuses another restaurant's waiter, a diner and a channel of no restaurant", async () => {
    await t.database.db.insertInto('restaurants').values({ id: 'bistro', name: 'Bistro' }).execute()
    // Анна is a waiter of demo, on shift: bistro's shift is not hers.
    expect(
      refusal(await authorize(garconShiftChannel('bistro'), { 'x-garcon-token': anna.token })),
    ).toMatchObject({ code: 'forbidden', message: "This is another restaurant's shift." })
    // A diner has a table session, not a waiter's token; the cookie alone is no token either.
    const session = await openTableSession(t, 'demo', 'T1')
    const strangers: Record<string, string>[] = [
      {},
      { 'x-table-session': session.id },
      { cookie: `garcon_token=${anna.token}` },
      { 'x-garcon-token': 'not-a-token' },
    ]
    for (const headers of strangers) {
      expect(refusal(await authorize(garconShiftChannel('demo'), headers), 401)).toMatchObject({
        code: 'unauthorized',
        message: 'Sign in as a waiter.',
      })
    }
    expect(
      refusal(await authorize('presence-garcon-shift.NOPE', { 'x-garcon-token': anna.token })),
    ).toMatchObject({ code: 'forbidden' })
  })

  it('makes initials of the first two words', () => {
    expect(initialsOf('Анна')).toBe('А')
    expect(initialsOf('игорь  петров сидорович')).toBe('ИП')
    expect(initialsOf('  ')).toBe('')
  })
})
