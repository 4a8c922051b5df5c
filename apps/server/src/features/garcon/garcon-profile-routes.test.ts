import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBody } from '@tableside/contracts/errors'
import { garconLogin } from '@tableside/contracts/garcon'
import {
  garconProfile,
  listGarconDevices,
  type GarconDevice,
} from '@tableside/contracts/garcon-profile'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { createTestRestaurant } from '../menu/test-menu-file'
import { createGarconRepository } from './garcon-repository'
import { FREE_FAILURES } from '../../lib/login-backoff'
import { hashSecret } from '../../lib/secret-hash'

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131 Mobile'
const TABLET = 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1'

describe.each(testDatabaseKinds)("A waiter's profile, PIN and devices on $name", (kind) => {
  let t: TestApp

  const signIn = async (login: string, pin: string, restaurantId = 'demo', agent = PHONE) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/garcon/login',
      headers: { 'user-agent': agent },
      payload: { restaurantId, login, pin },
    })
    return response
  }
  const signedIn = async (login: string, pin: string, restaurantId = 'demo', agent = PHONE) => {
    const response = await signIn(login, pin, restaurantId, agent)
    expect(response.statusCode).toBe(200)
    const { token, waiter, language } = garconLogin.response.parse(response.json())
    return { token, id: waiter.id, language }
  }
  const as = (
    token: string | null,
    method: 'GET' | 'PATCH' | 'PUT' | 'POST',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: token ? { 'x-garcon-token': token } : {},
      ...(payload ? { payload } : {}),
    })
  const devicesOf = async (token: string): Promise<GarconDevice[]> => {
    const response = await as(token, 'GET', '/garcon/me/devices')
    expect(response.statusCode).toBe(200)
    return listGarconDevices.response.parse(response.json()).devices
  }
  const errorOf = (response: { json: () => unknown }) => errorBody.parse(response.json()).error
  /** Everything a refusal must leave alone: the waiters' PINs and languages, every session. */
  const snapshot = async () =>
    JSON.stringify([
      await t.database.db
        .selectFrom('waiters')
        .select(['id', 'pinHash', 'language', 'onShift'])
        .orderBy('id')
        .execute(),
      await t.database.db
        .selectFrom('garconSessions')
        .select(['id', 'revokedAt', 'expiresAt'])
        .orderBy('id')
        .execute(),
    ])

  beforeAll(async () => {
    t = await createTestApp(kind)
    const { db } = t.database
    await createTestRestaurant(db, 'bistro')
    const waiters = createGarconRepository(db)
    // Waiters of their own for the PIN stories, so Анна's PIN stays 1111 for the rest.
    await waiters.addWaiter({
      restaurantId: 'demo',
      name: 'Вера Смирнова',
      login: 'vera',
      pinHash: await hashSecret('4444'),
    })
    await waiters.addWaiter({
      restaurantId: 'demo',
      name: 'Павел',
      login: 'pavel',
      pinHash: await hashSecret('5555'),
    })
    await waiters.addWaiter({
      restaurantId: 'bistro',
      name: 'Ольга',
      login: 'olga',
      pinHash: await hashSecret('3333'),
    })
  })
  afterAll(async () => {
    await t.close()
  })

  it('shows the waiter their profile; the language they choose is stored and comes with every sign-in', async () => {
    const anna = await signedIn('anna', '1111')
    expect(anna.language).toBeNull()
    const shown = await as(anna.token, 'GET', '/garcon/me/profile')
    expect(shown.statusCode).toBe(200)
    expect(garconProfile.parse(shown.json())).toEqual({
      id: anna.id,
      name: 'Анна',
      login: 'anna',
      language: null,
      onShift: false,
    })

    const english = await as(anna.token, 'PATCH', '/garcon/me/profile', { language: 'en' })
    expect(english.statusCode).toBe(200)
    expect(garconProfile.parse(english.json())).toMatchObject({ language: 'en' })
    // A new device speaks it from the start.
    expect((await signedIn('anna', '1111', 'demo', TABLET)).language).toBe('en')

    const before = await snapshot()
    for (const payload of [{ language: 'de' }, {}, { language: 'EN' }]) {
      const refused = await as(anna.token, 'PATCH', '/garcon/me/profile', payload)
      expect(refused.statusCode).toBe(400)
      expect(errorOf(refused).code).toBe('validation_failed')
    }
    expect(await snapshot()).toBe(before)

    const cleared = await as(anna.token, 'PATCH', '/garcon/me/profile', { language: null })
    expect(garconProfile.parse(cleared.json()).language).toBeNull()
  })

  it('lists the devices signed in as the waiter, this one first with its browser, and signs one out', async () => {
    const phone = await signedIn('igor', '2222', 'demo', PHONE)
    const tablet = await signedIn('igor', '2222', 'demo', TABLET)
    // Used once each, so each has a "last used".
    expect((await as(phone.token, 'GET', '/garcon/me')).statusCode).toBe(200)

    const fromTablet = await devicesOf(tablet.token)
    expect(fromTablet.length).toBeGreaterThanOrEqual(2)
    expect(fromTablet[0]).toMatchObject({ current: true, userAgent: TABLET })
    expect(fromTablet.filter((device) => device.current)).toHaveLength(1)
    const phoneDevice = fromTablet.find((device) => device.userAgent === PHONE)
    if (!phoneDevice) throw new Error('the phone is not listed')
    expect(phoneDevice.lastUsedAt).not.toBeNull()
    expect(Date.parse(phoneDevice.expiresAt)).toBeGreaterThan(Date.now())
    expect((await devicesOf(phone.token))[0]).toMatchObject({ id: phoneDevice.id, current: true })

    const out = await as(tablet.token, 'POST', `/garcon/me/devices/${phoneDevice.id}/sign-out`)
    expect(out.statusCode).toBe(200)
    expect(out.json()).toEqual({ signedOut: 1 })
    expect((await as(phone.token, 'GET', '/garcon/me')).statusCode).toBe(401)
    expect((await devicesOf(tablet.token)).map((device) => device.id)).not.toContain(phoneDevice.id)

    // Once is enough: it is no longer a device of theirs.
    const before = await snapshot()
    const again = await as(tablet.token, 'POST', `/garcon/me/devices/${phoneDevice.id}/sign-out`)
    expect(again.statusCode).toBe(404)
    expect(errorOf(again).code).toBe('not_found')
    const notAnId = await as(tablet.token, 'POST', '/garcon/me/devices/x/sign-out')
    expect(notAnId.statusCode).toBe(400)
    expect(await snapshot()).toBe(before)
  })

  it('changes the PIN for the right current one, and signs out every other device', async () => {
    const phone = await signedIn('vera', '4444', 'demo', PHONE)
    const tablet = await signedIn('vera', '4444', 'demo', TABLET)

    const before = await snapshot()
    const wrong = await as(phone.token, 'PUT', '/garcon/me/pin', {
      currentPin: '0000',
      newPin: '123456',
    })
    expect(wrong.statusCode).toBe(403)
    expect(errorOf(wrong)).toMatchObject({
      code: 'pin_wrong',
      fields: [{ path: 'body.currentPin' }],
    })
    const same = await as(phone.token, 'PUT', '/garcon/me/pin', {
      currentPin: '4444',
      newPin: '4444',
    })
    expect(same.statusCode).toBe(400)
    expect(errorOf(same).fields?.map((field) => field.path)).toEqual(['body.newPin'])
    for (const newPin of ['123', '123456789', '12a4', ' 1234']) {
      const bad = await as(phone.token, 'PUT', '/garcon/me/pin', { currentPin: '4444', newPin })
      expect(bad.statusCode).toBe(400)
      expect(errorOf(bad).code).toBe('validation_failed')
    }
    expect(await snapshot()).toBe(before)

    const changed = await as(phone.token, 'PUT', '/garcon/me/pin', {
      currentPin: '4444',
      newPin: '123456',
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.json()).toEqual({ signedOut: 1 })
    expect((await as(phone.token, 'GET', '/garcon/me')).statusCode).toBe(200)
    expect((await as(tablet.token, 'GET', '/garcon/me')).statusCode).toBe(401)
    expect((await signIn('vera', '4444')).statusCode).toBe(401)
    expect((await signIn('vera', '123456')).statusCode).toBe(200)
  })

  it('counts a wrong current PIN as a wrong PIN at sign-in from one place: after five, the session waits', async () => {
    const pavel = await signedIn('pavel', '5555')
    for (let attempt = 0; attempt < FREE_FAILURES; attempt++) {
      const wrong = await as(pavel.token, 'PUT', '/garcon/me/pin', {
        currentPin: '0000',
        newPin: '9999',
      })
      expect(wrong.statusCode).toBe(403)
    }
    const before = await snapshot()
    const waiting = await as(pavel.token, 'PUT', '/garcon/me/pin', {
      currentPin: '5555',
      newPin: '9999',
    })
    expect(waiting.statusCode).toBe(429)
    expect(errorOf(waiting).code).toBe('rate_limited')
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0)
    expect(await snapshot()).toBe(before)
    // Guesses on one signed-in phone slow that phone, not the waiter signing in elsewhere
    // (decision 0108).
    expect((await signIn('pavel', '5555')).statusCode).toBe(200)
    // The device already signed in keeps working; the PIN is unchanged.
    expect((await as(pavel.token, 'GET', '/garcon/me')).statusCode).toBe(200)
  })

  it("keeps restaurants and waiters apart: no one touches another waiter's devices, and only a waiter's token counts", async () => {
    const anna = await signedIn('anna', '1111')
    const olga = await signedIn('olga', '3333', 'bistro')
    const igor = await signedIn('igor', '2222')
    const annas = await devicesOf(anna.token)
    const olgas = await devicesOf(olga.token)
    const igors = await devicesOf(igor.token)
    // Each sees only their own sessions.
    expect(olgas).toHaveLength(1)
    for (const device of olgas) expect(annas.map((d) => d.id)).not.toContain(device.id)
    for (const device of igors) expect(annas.map((d) => d.id)).not.toContain(device.id)
    const annaHere = annas.find((device) => device.current)
    if (!annaHere) throw new Error('no current device')

    const before = await snapshot()
    // Another restaurant's waiter, and a colleague, cannot sign Анна out.
    for (const token of [olga.token, igor.token]) {
      const refused = await as(token, 'POST', `/garcon/me/devices/${annaHere.id}/sign-out`)
      expect(refused.statusCode).toBe(404)
    }
    // Nor change her language or PIN: what they change is only ever their own.
    const olgaProfile = await as(olga.token, 'GET', '/garcon/me/profile')
    expect(garconProfile.parse(olgaProfile.json())).toMatchObject({ name: 'Ольга', id: olga.id })

    // No token, a diner's token, a made-up token: 401 on every endpoint.
    const endpoints = [
      ['GET', '/garcon/me/profile', undefined],
      ['PATCH', '/garcon/me/profile', { language: 'en' }],
      ['PUT', '/garcon/me/pin', { currentPin: '1111', newPin: '2468' }],
      ['GET', '/garcon/me/devices', undefined],
      ['POST', `/garcon/me/devices/${annaHere.id}/sign-out`, undefined],
    ] as const
    for (const [method, url, payload] of endpoints) {
      for (const headers of [
        {},
        { 'x-profile-token': anna.token },
        { 'x-garcon-token': 'A'.repeat(43) },
        { 'x-garcon-token': 'x' },
      ]) {
        const response = await t.app.inject({
          method,
          url: `/api/v1${url}`,
          headers,
          ...(payload ? { payload } : {}),
        })
        expect(response.statusCode, `${method} ${url}`).toBe(401)
        expect(errorOf(response).code).toBe('unauthorized')
      }
    }
    expect(await snapshot()).toBe(before)
    expect((await as(anna.token, 'GET', '/garcon/me')).statusCode).toBe(200)
  })
})
