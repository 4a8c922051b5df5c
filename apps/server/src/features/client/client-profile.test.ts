import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  clientAddress,
  clientMe,
  clientProfile,
  deleteClientMe,
  listClientAddresses,
  listClientOrders,
  MAX_CLIENT_ADDRESSES,
} from '@tableside/contracts/client'
import { errorBody } from '@tableside/contracts/errors'
import { GARCON_TOKEN_HEADER } from '@tableside/contracts/garcon'
import { order } from '@tableside/contracts/orders'
import { testDatabaseKinds } from '../../test/test-database'
import { signInAsAnna } from '../../test/test-restaurants'
import { hashProfileToken } from './client-secrets'
import {
  asClient,
  placePickup,
  signIn,
  startClientApp,
  type ClientTestApp,
} from './test-client-app'

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
let serial = 0
const newPhone = () => `+7903444${String(1000 + ++serial).padStart(4, '0')}`
const ADDRESS = { street: 'Тверская', house: '7', apartment: '12' }

describe.each(testDatabaseKinds)('The diner’s profile on $name', (kind) => {
  let t: ClientTestApp
  beforeAll(async () => {
    t = await startClientApp(kind)
  })
  afterAll(async () => {
    await t.close()
  })
  const later = (ms: number) => {
    t.clock.now = new Date(t.clock.now.getTime() + ms)
  }
  const me = (token: string) => t.app.inject({ url: '/api/v1/me', headers: asClient(token) })

  it('a token signs in by its header alone; the cookie alone, a waiter token or junk are anonymous', async () => {
    const { token, client } = await signIn(t, newPhone())
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const byHeader = await me(token)
    expect(byHeader.statusCode).toBe(200)
    expect(clientProfile.parse(byHeader.json())).toEqual(client)
    const stored = await t.database.db.selectFrom('clientSessions').select('tokenHash').execute()
    expect(stored.map((row) => row.tokenHash)).not.toContain(token)

    const cookieOnly = await t.app.inject({ url: '/api/v1/me', cookies: { profile_token: token } })
    expect(cookieOnly.statusCode).toBe(401)
    const waiter = await signInAsAnna(t.app)
    expect((await me(waiter.token)).statusCode).toBe(401)
    // …and a profile token is no waiter's.
    const garcon = await t.app.inject({
      url: '/api/v1/garcon/me',
      headers: { [GARCON_TOKEN_HEADER]: token },
    })
    expect(garcon.statusCode).toBe(401)
    for (const junk of [
      '',
      'x',
      token.slice(0, 42),
      `${token}=`,
      'a'.repeat(43),
      '\u0000'.repeat(43),
    ]) {
      const response = await t.app.inject({
        url: '/api/v1/me',
        headers: { 'x-profile-token': junk },
      })
      expect(response.statusCode, JSON.stringify(junk)).toBe(401)
    }
  })

  it('keeps the same profile for the same phone, from any restaurant', async () => {
    const phone = newPhone()
    const first = await signIn(t, phone)
    t.clock.now = new Date(t.clock.now.getTime() + MINUTE)
    const again = await signIn(t, phone, { restaurantId: 'other' })
    expect(again.client.id).toBe(first.client.id)
    expect(again.token).not.toBe(first.token)
  })

  it('expires a token 30 days after its last use, sliding on use', async () => {
    const { token, expiresAt } = await signIn(t, newPhone())
    expect(Date.parse(expiresAt)).toBe(t.clock.now.getTime() + 30 * DAY)
    later(29 * DAY)
    const used = await me(token)
    expect(used.statusCode).toBe(200)
    // The app keeps its cookie as long as the session now lasts.
    expect(Date.parse(clientMe.parse(used.json()).sessionExpiresAt)).toBe(
      t.clock.now.getTime() + 30 * DAY,
    )
    later(29 * DAY) // 58 days after signing in, 29 after the last use
    expect((await me(token)).statusCode).toBe(200)
    later(30 * DAY)
    expect((await me(token)).statusCode).toBe(401)
  })

  it('ends a session 180 days after its sign-in however often it is used (issue 27)', async () => {
    const { token } = await signIn(t, newPhone())
    const signedInAt = t.clock.now.getTime()
    for (let day = 1; day < 180; day += 1) {
      later(DAY)
      const used = await me(token)
      expect(used.statusCode, `day ${String(day)}`).toBe(200)
      const endsAt = Date.parse(clientMe.parse(used.json()).sessionExpiresAt)
      expect(endsAt).toBe(Math.min(t.clock.now.getTime() + 30 * DAY, signedInAt + 180 * DAY))
    }
    later(DAY)
    expect((await me(token)).statusCode).toBe(401)
  })

  it('ends sessions an older release let slide past the cap, judged from their sign-in', async () => {
    const phone = newPhone()
    const old = await signIn(t, phone)
    later(MINUTE)
    const recent = await signIn(t, phone)
    // Under a release without the cap both would slide on for ever: one began 200 days ago.
    const signedIn = t.clock.now.getTime()
    // A session's start is never updated: the row is written again as it would have been.
    const began = async (token: string, daysAgo: number) => {
      const sessions = t.database.db
      const tokenHash = hashProfileToken(token)
      const row = await sessions
        .selectFrom('clientSessions')
        .selectAll()
        .where('tokenHash', '=', tokenHash)
        .executeTakeFirstOrThrow()
      await sessions.deleteFrom('clientSessions').where('tokenHash', '=', tokenHash).execute()
      await sessions
        .insertInto('clientSessions')
        .values({ ...row, createdAt: new Date(signedIn - daysAgo * DAY) })
        .execute()
    }
    await began(old.token, 200)
    await began(recent.token, 170)
    later(MINUTE)
    expect((await me(old.token)).statusCode).toBe(401)
    const kept = await me(recent.token)
    expect(kept.statusCode).toBe(200)
    // Ten days are left of its 180, not the sliding 30.
    expect(Date.parse(clientMe.parse(kept.json()).sessionExpiresAt)).toBe(signedIn + 10 * DAY)
  })

  it('moves the expiry at most once a minute, not on every request', async () => {
    const { token } = await signIn(t, newPhone())
    const expiry = async () =>
      (
        await t.database.db
          .selectFrom('clientSessions')
          .select('expiresAt')
          .where('tokenHash', '=', hashProfileToken(token))
          .executeTakeFirstOrThrow()
      ).expiresAt.getTime()
    const before = await expiry()
    later(30_000)
    await me(token)
    expect(await expiry()).toBe(before)
    later(30_000)
    await me(token)
    expect(await expiry()).toBe(before + MINUTE)
  })

  it('signs one device out, or every device', async () => {
    const phone = newPhone()
    const a = await signIn(t, phone)
    later(MINUTE)
    const b = await signIn(t, phone)
    later(MINUTE)
    const c = await signIn(t, phone)
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/client/logout',
      headers: asClient(a.token),
    })
    expect(out.json()).toEqual({ signedOut: 1 })
    expect((await me(a.token)).statusCode).toBe(401)
    expect((await me(b.token)).statusCode).toBe(200)
    const all = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/client/logout-all',
      headers: asClient(b.token),
    })
    expect(all.json()).toEqual({ signedOut: 2 })
    expect((await me(b.token)).statusCode).toBe(401)
    expect((await me(c.token)).statusCode).toBe(401)
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/auth/client/logout-all' })
    expect(anonymous.statusCode).toBe(401)
  })

  it('changes name, birthday and language, refusing what is not one', async () => {
    const { token } = await signIn(t, newPhone())
    const patch = (payload: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/v1/me',
        headers: asClient(token),
        payload: payload as object,
      })
    const changed = await patch({ name: '  Ира  ', birthday: '1990-02-28', language: 'en' })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(clientProfile.parse(changed.json())).toMatchObject({
      name: 'Ира',
      birthday: '1990-02-28',
      language: 'en',
    })
    for (const bad of [
      { birthday: '1990-02-30' },
      { birthday: '2999-01-01' },
      { birthday: '1800-01-01' },
      { name: '' },
      { name: 'x'.repeat(81) },
      { language: 'fr' },
    ]) {
      const response = await patch(bad)
      expect(response.statusCode, JSON.stringify(bad)).toBe(400)
    }
    // The phone is who the diner is: it changes only by signing in with another.
    const phone = await patch({ phone: '+79160000000' })
    expect(clientProfile.parse(phone.json()).phone).not.toBe('+79160000000')
    const cleared = await patch({ birthday: null, name: null })
    expect(clientProfile.parse(cleared.json())).toMatchObject({
      name: null,
      birthday: null,
      language: 'en',
    })
  })

  it('keeps at most 10 addresses, each only its owner sees or deletes', async () => {
    const owner = await signIn(t, newPhone())
    const stranger = await signIn(t, newPhone())
    const add = (token: string, payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/me/addresses',
        headers: asClient(token),
        payload: payload as object,
      })
    const added = await Promise.all(
      Array.from({ length: MAX_CLIENT_ADDRESSES + 2 }, (_, i) =>
        add(owner.token, { ...ADDRESS, house: String(i + 1) }),
      ),
    )
    expect(added.filter((a) => a.statusCode === 201)).toHaveLength(MAX_CLIENT_ADDRESSES)
    const refused = added.filter((a) => a.statusCode === 409)
    expect(refused).toHaveLength(2)
    expect(errorBody.parse(refused[0]?.json()).error.code).toBe('too_many_addresses')
    expect((await add(owner.token, { street: '', house: '1' })).statusCode).toBe(400)

    const first = clientAddress.parse(added.find((a) => a.statusCode === 201)?.json())
    const list = (token: string) =>
      t.app
        .inject({ url: '/api/v1/me/addresses', headers: asClient(token) })
        .then((r) => listClientAddresses.response.parse(r.json()).addresses)
    expect(await list(stranger.token)).toEqual([])
    const del = (token: string, id: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/v1/me/addresses/${id}`,
        headers: asClient(token),
      })
    expect((await del(stranger.token, first.id)).statusCode).toBe(404)
    expect(await list(owner.token)).toHaveLength(MAX_CLIENT_ADDRESSES)
    expect((await del(owner.token, first.id)).statusCode).toBe(200)
    expect(await list(owner.token)).toHaveLength(MAX_CLIENT_ADDRESSES - 1)
    expect((await del(owner.token, 'not-a-uuid')).statusCode).toBe(400)
  })

  it('attaches the orders this device placed here with this phone or none; never another restaurant’s or profile’s', async () => {
    const phone = newPhone()
    const mine = await placePickup(t, 'bistro', phone)
    const elsewhere = await placePickup(t, 'other', phone)
    const someoneElses = await placePickup(t, 'bistro', '+79035550000')
    const takenFirst = await placePickup(t, 'bistro', phone)
    // Another profile signed in first with the same order id (a shared phone): it stays theirs.
    const other = await signIn(t, newPhone(), { orderIds: [takenFirst.id] })
    expect(other.attachedOrders).toBe(0)
    await t.database.db
      .updateTable('orders')
      .set({ clientId: other.client.id })
      .where('id', '=', takenFirst.id)
      .execute()
    later(MINUTE)

    const signedIn = await signIn(t, phone, {
      orderIds: [
        mine.id,
        elsewhere.id,
        someoneElses.id,
        takenFirst.id,
        '00000000-0000-4000-8000-000000000000',
      ],
    })
    expect(signedIn.attachedOrders).toBe(1)
    const history = await t.app.inject({
      url: '/api/v1/me/orders?restaurantId=bistro',
      headers: asClient(signedIn.token),
    })
    expect(listClientOrders.response.parse(history.json()).orders.map((o) => o.id)).toEqual([
      mine.id,
    ])
    const owners = await t.database.db
      .selectFrom('orders')
      .select(['id', 'clientId'])
      .where('id', 'in', [elsewhere.id, someoneElses.id, takenFirst.id])
      .execute()
    expect(Object.fromEntries(owners.map((o) => [o.id, o.clientId]))).toEqual({
      [elsewhere.id]: null,
      [someoneElses.id]: null,
      [takenFirst.id]: other.client.id,
    })
    const otherHistory = await t.app.inject({
      url: '/api/v1/me/orders?restaurantId=other',
      headers: asClient(signedIn.token),
    })
    expect(listClientOrders.response.parse(otherHistory.json()).orders).toEqual([])
    const tooMany = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/client/verify',
      payload: { phone, code: '123456', orderIds: Array.from({ length: 101 }, () => mine.id) },
    })
    expect(tooMany.statusCode).toBe(400)
  })

  it('lists the orders newest first with number, time, type, status and total', async () => {
    const phone = newPhone()
    const first = await placePickup(t, 'bistro', phone)
    const second = await placePickup(t, 'bistro', phone)
    const { token } = await signIn(t, phone, { orderIds: [first.id, second.id] })
    const response = await t.app.inject({
      url: '/api/v1/me/orders?restaurantId=bistro',
      headers: asClient(token),
    })
    const { orders } = listClientOrders.response.parse(response.json())
    expect(orders.map((o) => o.number)).toEqual([second.number, first.number])
    expect(orders[0]).toMatchObject({ type: 'pickup', status: 'placed', currency: 'RUB' })
    expect((await t.app.inject({ url: '/api/v1/me/orders?restaurantId=bistro' })).statusCode).toBe(
      401,
    )
    expect(
      (await t.app.inject({ url: '/api/v1/me/orders', headers: asClient(token) })).statusCode,
    ).toBe(400)
  })

  it('deletes the profile: sessions and addresses gone, orders kept without name, phone or address', async () => {
    const phone = newPhone()
    const placed = await placePickup(t, 'bistro', phone)
    const { token, client } = await signIn(t, phone, { orderIds: [placed.id] })
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/addresses',
      headers: asClient(token),
      payload: ADDRESS,
    })
    const remove = () =>
      t.app.inject({ method: 'DELETE', url: '/api/v1/me', headers: asClient(token) })

    const busy = await remove()
    expect(busy.statusCode).toBe(409)
    expect(errorBody.parse(busy.json()).error.message).toContain(String(placed.number))
    await t.database.db
      .updateTable('orders')
      .set({ status: 'completed' })
      .where('id', '=', placed.id)
      .execute()

    const removed = await remove()
    expect(removed.statusCode, removed.body).toBe(200)
    expect(deleteClientMe.response.parse(removed.json())).toEqual({
      deleted: true,
      anonymisedOrders: 1,
    })
    expect((await me(token)).statusCode).toBe(401)
    const db = t.database.db
    expect(
      await db.selectFrom('clients').select('id').where('id', '=', client.id).execute(),
    ).toEqual([])
    expect(
      await db
        .selectFrom('clientSessions')
        .select('tokenHash')
        .where('clientId', '=', client.id)
        .execute(),
    ).toEqual([])
    expect(
      await db
        .selectFrom('clientAddresses')
        .select('id')
        .where('clientId', '=', client.id)
        .execute(),
    ).toEqual([])
    const kept = await t.app.inject({ url: `/api/v1/orders/${placed.id}` })
    expect(kept.statusCode).toBe(200)
    expect(order.parse(kept.json())).toMatchObject({
      contact: null,
      address: null,
      number: placed.number,
    })
    const row = await db
      .selectFrom('orders')
      .select(['clientId', 'total'])
      .where('id', '=', placed.id)
      .executeTakeFirstOrThrow()
    expect(row.clientId).toBeNull()

    // Signing in again starts a new, empty profile.
    later(MINUTE)
    const fresh = await signIn(t, phone)
    expect(fresh.client.id).not.toBe(client.id)
    const history = await t.app.inject({
      url: '/api/v1/me/orders?restaurantId=bistro',
      headers: asClient(fresh.token),
    })
    expect(listClientOrders.response.parse(history.json()).orders).toEqual([])
  })
})

describe('The profile session’s lifetimes are settings (issue 27)', () => {
  const [pglite] = testDatabaseKinds
  if (!pglite) throw new Error('PGlite is always among the test databases')
  let t: ClientTestApp
  beforeAll(async () => {
    t = await startClientApp(pglite, {
      env: { PROFILE_SESSION_DAYS: '2', PROFILE_SESSION_MAX_DAYS: '5' },
    })
  })
  afterAll(async () => {
    await t.close()
  })
  const later = (ms: number) => {
    t.clock.now = new Date(t.clock.now.getTime() + ms)
  }
  const me = (token: string) => t.app.inject({ url: '/api/v1/me', headers: asClient(token) })

  it('slides PROFILE_SESSION_DAYS from the last use and ends PROFILE_SESSION_MAX_DAYS after the sign-in', async () => {
    const idle = await signIn(t, newPhone())
    const daily = await signIn(t, newPhone())
    const signedInAt = t.clock.now.getTime()
    expect(Date.parse(daily.expiresAt)).toBe(signedInAt + 2 * DAY)
    for (let day = 1; day < 5; day += 1) {
      later(DAY)
      const used = await me(daily.token)
      expect(used.statusCode, `day ${String(day)}`).toBe(200)
      expect(Date.parse(clientMe.parse(used.json()).sessionExpiresAt)).toBe(
        Math.min(t.clock.now.getTime() + 2 * DAY, signedInAt + 5 * DAY),
      )
      // Unused since the sign-in: gone once two days have passed.
      if (day === 2) expect((await me(idle.token)).statusCode).toBe(401)
    }
    later(DAY)
    expect((await me(daily.token)).statusCode).toBe(401)
  })
})
