import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import { listAudit } from '@tableside/contracts/audit'
import { createTestApp, type TestApp } from './test/test-app'
import { testDatabaseKinds } from './test/test-database'

/**
 * Issue 27, from the attacker's side: guesses at a staff login, or diners using up the
 * restaurant's address, must slow the attacker and not the waiter, the kitchen or the manager.
 */
describe.each(testDatabaseKinds)('Sign-in under attack on $name', (kind) => {
  const clock = { now: new Date('2026-12-01T09:00:00Z') }
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind, {}, undefined, () => clock.now)
  })
  afterAll(async () => {
    await t.close()
  })
  beforeEach(async () => {
    // Each story starts on a fresh day: yesterday's guesses and counters are forgotten.
    clock.now = new Date(clock.now.getTime() + 2 * 24 * 60 * 60 * 1000)
    await t.database.db.deleteFrom('garconLoginFailures').execute()
  })

  /** The device cookie a sign-in issued ('' when none: the request then carries none). */
  const deviceCookie = (response: LightMyRequestResponse): string => {
    expect(response.statusCode).toBe(200)
    const cookie = response.cookies.find((c) => c.name === 'tableside_device')
    return cookie ? `${cookie.name}=${cookie.value}` : ''
  }
  const post = (url: string, payload: object, address: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: address,
      headers: cookie ? { cookie } : {},
    })
  const garcon = (login: string, pin: string, address: string, cookie?: string) =>
    post('/api/v1/auth/garcon/login', { restaurantId: 'demo', login, pin }, address, cookie)
  const kitchen = (login: string, pin: string, address: string, cookie?: string) =>
    post('/api/v1/auth/kitchen/login', { restaurantId: 'demo', login, pin }, address, cookie)
  const manager = (login: string, password: string, address: string, cookie?: string) =>
    post('/api/v1/auth/admin/login', { restaurantId: 'demo', login, password }, address, cookie)

  it('lets a waiter in on their known device, and from an address that has not failed, while another address guesses their PIN', async () => {
    const annasPhone = deviceCookie(await garcon('anna', '1111', '198.51.100.7'))
    // The attacker sits on the same Wi-Fi and guesses all morning.
    const wifi = '203.0.113.5'
    const answers: number[] = []
    for (let n = 0; n < 12; n++) {
      answers.push((await garcon('anna', String(5000 + n), wifi)).statusCode)
      clock.now = new Date(clock.now.getTime() + 60_000)
    }
    expect(answers.slice(0, 5)).toEqual([401, 401, 401, 401, 401])
    expect(answers).toContain(429)
    // The attacker is slowed…
    expect((await garcon('anna', '1111', wifi)).statusCode).toBe(429)
    // …the waiter is not: on their phone, even behind the attacker's address,
    expect((await garcon('anna', '1111', wifi, annasPhone)).statusCode).toBe(200)
    // and on a new phone at home, an address that has not failed.
    expect((await garcon('anna', '1111', '192.0.2.44')).statusCode).toBe(200)
  })

  it('lets the kitchen and the manager in on their known devices while another address guesses', async () => {
    const tablet = deviceCookie(await kitchen('kitchen', '3333', '198.51.100.8'))
    const desk = deviceCookie(await manager('manager', 'tableside-demo', '198.51.100.9'))
    for (let n = 0; n < 8; n++) {
      await kitchen('kitchen', String(7000 + n), '203.0.113.6')
      await manager('manager', `wrong-password-${String(n)}`, '203.0.113.6')
    }
    expect((await kitchen('kitchen', '3333', '203.0.113.6')).statusCode).toBe(429)
    expect((await kitchen('kitchen', '3333', '203.0.113.6', tablet)).statusCode).toBe(200)
    expect((await manager('manager', 'tableside-demo', '203.0.113.6', desk)).statusCode).toBe(200)
  })

  it('does not take a forged or another device’s cookie for a known device', async () => {
    const annasPhone = deviceCookie(await garcon('anna', '1111', '198.51.100.10'))
    const [name, value = ''] = annasPhone.split('=')
    const forged = `${name ?? ''}=${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`
    for (let n = 0; n < 6; n++) await garcon('igor', String(6000 + n), '203.0.113.7', annasPhone)
    // Anna's phone is not Igor's: guesses at Igor's PIN from it back off at the address…
    expect((await garcon('igor', '2222', '203.0.113.7', annasPhone)).statusCode).toBe(429)
    // …and a forged cookie is no device at all.
    for (let n = 0; n < 6; n++) await garcon('anna', String(6100 + n), '203.0.113.8', forged)
    expect((await garcon('anna', '1111', '203.0.113.8', forged)).statusCode).toBe(429)
    expect((await garcon('anna', '1111', '203.0.113.8', annasPhone)).statusCode).toBe(200)
  })

  it("keeps staff sign-in open on the restaurant's address after diners used up its budget", async () => {
    const wifi = '203.0.113.20'
    const annasPhone = deviceCookie(await garcon('anna', '1111', wifi))
    const tablet = deviceCookie(await kitchen('kitchen', '3333', wifi))
    // A diner at table 4 scripts the sign-in forms and the diners' endpoints from the Wi-Fi.
    for (let n = 0; n < 61; n++) {
      await garcon(`nobody${String(n)}`, '0000', wifi)
      await kitchen(`nobody${String(n)}`, '0000', wifi)
      await post(
        '/api/v1/auth/client/otp',
        { restaurantId: 'demo', phone: `+7900000${String(1000 + n)}`, consent: true },
        wifi,
      )
    }
    expect((await garcon('igor', '2222', wifi)).statusCode).toBe(429)
    expect((await garcon('anna', '1111', wifi, annasPhone)).statusCode).toBe(200)
    expect((await kitchen('kitchen', '3333', wifi, tablet)).statusCode).toBe(200)
    // 122 sign-ins checked with scrypt: seconds on a quiet machine, more on a busy one.
  }, 120_000)

  it('caps guesses at one account from 50 addresses, lets the known device in, and tells the managers once', async () => {
    const igorsPhone = deviceCookie(await garcon('igor', '2222', '198.51.100.30'))
    const codes: number[] = []
    for (let round = 0; round < 5; round++) {
      for (let a = 0; a < 50; a++) {
        codes.push(
          (await garcon('igor', String(1000 + round * 50 + a), `10.77.0.${String(a + 1)}`))
            .statusCode,
        )
      }
      clock.now = new Date(clock.now.getTime() + 1000)
    }
    // Each address had guesses to spare; the account's cap stopped them well before 250.
    const wrong = codes.filter((code) => code === 401).length
    expect(wrong).toBeLessThanOrEqual(40)
    expect(codes.filter((code) => code === 429).length).toBe(250 - wrong)
    // A fresh address is held back by the cap too…
    expect((await garcon('igor', '2222', '10.77.1.1')).statusCode).toBe(429)
    // …but Igor on his phone gets in.
    expect((await garcon('igor', '2222', '10.77.1.1', igorsPhone)).statusCode).toBe(200)

    const signedIn = await manager('manager', 'tableside-demo', '198.51.100.31')
    const token = signedIn.json<{ token: string }>().token
    const alerts = async () =>
      listAudit.response.parse(
        (
          await t.app.inject({
            url: '/api/v1/admin/audit?entity=sign_in',
            headers: { 'x-manager-token': token },
          })
        ).json(),
      ).entries
    const [alert, ...more] = await alerts()
    expect(more).toEqual([])
    expect(alert).toMatchObject({
      action: 'under_attack',
      entity: 'sign_in',
      entityId: 'garcon:igor',
    })

    // Guessing on within the hour adds no second alert; an hour later it does.
    for (let a = 0; a < 10; a++) await garcon('igor', '0000', `10.77.2.${String(a + 1)}`)
    expect(await alerts()).toHaveLength(1)
    clock.now = new Date(clock.now.getTime() + 61 * 60 * 1000)
    for (let a = 0; a < 3; a++) await garcon('igor', '0000', `10.77.3.${String(a + 1)}`)
    expect(await alerts()).toHaveLength(2)
  })
})
