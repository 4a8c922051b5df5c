import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBody } from '@tableside/contracts/errors'
import { garconLogin, garconLogout, garconLogoutAll, waiter } from '@tableside/contracts/garcon'
import { garconChannel } from '@tableside/contracts/table-events'
import { testDatabaseKinds } from '../../test/test-database'
import { channelAuth } from '../realtime/signatures'
import { createGarconRepository } from './garcon-repository'
import { hashAccessToken } from '../../lib/access-token'
import { hashSecret } from '../../lib/secret-hash'
import { ACCOUNT_FREE_FAILURES } from '../../lib/login-backoff'
import { startGarconApp, type GarconTestApp } from './test-garcon-app'

const HOUR_MS = 60 * 60 * 1000

describe.each(testDatabaseKinds)('Waiter sign-in on $name', (kind) => {
  let t: GarconTestApp
  beforeAll(async () => {
    t = await startGarconApp(kind)
  })
  afterAll(async () => {
    await t.close()
  })

  const login = (
    body: { login: string; pin: string; restaurantId?: string },
    remoteAddress = '127.0.0.1',
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/garcon/login',
      payload: { restaurantId: 'demo', ...body },
      remoteAddress,
    })

  const signIn = async (name: string, pin: string, restaurantId = 'demo') => {
    const response = await login({ login: name, pin, restaurantId })
    expect(response.statusCode).toBe(200)
    return garconLogin.response.parse(response.json())
  }

  const me = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/v1/garcon/me', headers })

  const errorOf = (response: { json(): unknown }) => errorBody.parse(response.json()).error

  const signOut = (path: 'logout' | 'logout-all', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/v1/auth/garcon/${path}`, headers })

  it('signs a waiter in for 12 hours, and the token says who they are', async () => {
    const signedIn = await signIn('anna', '1111')
    expect(signedIn.waiter).toMatchObject({ restaurantId: 'demo', name: 'Анна' })
    expect(signedIn.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Date.parse(signedIn.expiresAt) - t.clock.now.getTime()).toBe(12 * HOUR_MS)
    const response = await me({ 'x-garcon-token': signedIn.token })
    expect(response.statusCode).toBe(200)
    expect(waiter.parse(response.json())).toEqual(signedIn.waiter)
  })

  it('takes the login as a phone keyboard types it', async () => {
    const signedIn = await signIn(' Anna ', '1111')
    expect(signedIn.waiter.name).toBe('Анна')
  })

  it('answers a wrong PIN, an unknown login and an unknown restaurant alike', async () => {
    for (const body of [
      { login: 'anna', pin: '2222' },
      { login: 'nobody', pin: '1111' },
      { login: 'anna', pin: '1111', restaurantId: 'nowhere' },
    ]) {
      const response = await login(body)
      expect(response.statusCode).toBe(401)
      expect(errorOf(response)).toEqual({ code: 'unauthorized', message: 'Wrong login or PIN.' })
    }
    const badPin = await login({ login: 'anna', pin: '11a1' })
    expect(badPin.statusCode).toBe(400)
    expect(errorOf(badPin).fields?.[0]?.path).toBe('body.pin')
  })

  it('slows guessing at one login from one address, and forgives a right PIN', async () => {
    const guess = (pin = '0000', name = 'igor') => login({ login: name, pin }, '10.1.0.1')
    for (let n = 0; n < 5; n++) expect((await guess()).statusCode).toBe(401)
    // After five wrong PINs the address waits 2^5 s, even with the right PIN.
    const slowed = await guess('2222')
    expect(slowed.statusCode).toBe(429)
    expect(slowed.headers['retry-after']).toBe('32')
    expect(errorOf(slowed)).toEqual({
      code: 'rate_limited',
      message: 'Too many wrong PINs for this login; try again in 32 seconds.',
    })
    expect((await guess()).statusCode).toBe(429)
    // Another login from the same address is not slowed, nor this one from another address
    // (decision 0108: the guesser waits, not the waiter).
    expect((await login({ login: 'anna', pin: '1111' }, '10.1.0.1')).statusCode).toBe(200)
    expect((await login({ login: 'igor', pin: '2222' }, '10.1.0.2')).statusCode).toBe(200)

    const started = t.clock.now
    try {
      t.clock.now = new Date(started.getTime() + 32_000)
      expect((await guess()).statusCode).toBe(401)
      const longer = await guess()
      expect(longer.statusCode).toBe(429)
      expect(longer.headers['retry-after']).toBe('64')
      t.clock.now = new Date(started.getTime() + 96_000)
      expect((await guess('2222')).statusCode).toBe(200)
      // A right PIN starts the address afresh.
      for (let n = 0; n < 5; n++) expect((await guess()).statusCode).toBe(401)
      expect((await guess()).statusCode).toBe(429)
    } finally {
      t.clock.now = started
    }
    await t.db.deleteFrom('garconLoginFailures').execute()
  })

  it('never waits longer than 15 minutes, never locks a login for good', async () => {
    await t.db
      .insertInto('garconLoginFailures')
      .values({
        restaurantId: 'demo',
        login: 'igor',
        source: 'address:10.2.0.1',
        failures: 40,
        retryAt: t.clock.now,
        lastFailedAt: t.clock.now,
      })
      .execute()
    expect((await login({ login: 'igor', pin: '0000' }, '10.2.0.1')).statusCode).toBe(401)
    const capped = await login({ login: 'igor', pin: '2222' }, '10.2.0.1')
    expect(capped.headers['retry-after']).toBe('900')
    const started = t.clock.now
    try {
      t.clock.now = new Date(started.getTime() + 900_000)
      expect((await login({ login: 'igor', pin: '2222' }, '10.2.0.1')).statusCode).toBe(200)
    } finally {
      t.clock.now = started
    }
    await t.db.deleteFrom('garconLoginFailures').execute()
  })

  it('lets guesses sent together through no faster than one after another', async () => {
    const together = (count: number, address: (n: number) => string) =>
      Promise.all(
        Array.from({ length: count }, (_, n) => login({ login: 'igor', pin: '0000' }, address(n))),
      )
    const codesOf = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode)
    // From one address: its five free guesses.
    const one = codesOf(await together(20, () => '10.3.0.1'))
    expect(one.filter((code) => code === 401)).toHaveLength(5)
    expect(one.filter((code) => code === 429)).toHaveLength(15)
    await t.db.deleteFrom('garconLoginFailures').execute()
    // From 40 addresses: the account's cap (decision 0108).
    const many = codesOf(await together(40, (n) => `10.3.1.${String(n + 1)}`))
    expect(many.filter((code) => code === 401)).toHaveLength(ACCOUNT_FREE_FAILURES)
    expect(many.filter((code) => code === 429)).toHaveLength(40 - ACCOUNT_FREE_FAILURES)
    await t.db.deleteFrom('garconLoginFailures').execute()
  })

  it('slows a made-up login as it slows a real one, so a 429 tells no one which exist', async () => {
    for (let n = 0; n < 5; n++) {
      expect((await login({ login: 'nobody', pin: '0000' }, '10.4.0.1')).statusCode).toBe(401)
    }
    expect((await login({ login: 'nobody', pin: '0000' }, '10.4.0.1')).statusCode).toBe(429)
    for (let n = 0; n < 30; n++)
      await login({ login: 'nobody', pin: '0000' }, `10.4.1.${String(n)}`)
    expect((await login({ login: 'nobody', pin: '0000' }, '10.4.2.1')).statusCode).toBe(429)
    await t.db.deleteFrom('garconLoginFailures').execute()
  })

  it('limits sign-in attempts from one address to 60 in 15 minutes', async () => {
    const logins = ['a', 'b', 'c'].flatMap((x) => Array.from({ length: 20 }, (_, n) => `${x}${n}`))
    for (const name of logins) {
      expect((await login({ login: name, pin: '0000' }, '10.5.0.1')).statusCode).toBe(401)
    }
    const limited = await login({ login: 'anna', pin: '1111' }, '10.5.0.1')
    expect(limited.statusCode).toBe(429)
    const retryAfter = Number(limited.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(800)
    expect(errorOf(limited)).toEqual({
      code: 'rate_limited',
      message: `Too many requests from this network; try again in ${String(retryAfter)} seconds.`,
    })
    expect((await login({ login: 'anna', pin: '1111' }, '10.5.0.2')).statusCode).toBe(200)
    await t.db.deleteFrom('garconLoginFailures').execute()
  })

  it('knows no waiter without the header, with a made-up token or with only the cookie', async () => {
    const { token } = await signIn('anna', '1111')
    const anonymous: Record<string, string>[] = [
      {},
      { 'x-garcon-token': 'x'.repeat(43) },
      { 'x-garcon-token': 'not a token' },
      { cookie: `garcon_token=${token}` },
    ]
    for (const headers of anonymous) {
      const response = await me(headers)
      expect(response.statusCode).toBe(401)
      expect(errorOf(response)).toEqual({ code: 'unauthorized', message: 'Sign in as a waiter.' })
    }
  })

  it('ends a session after 12 hours, when revoked, or when the waiter leaves', async () => {
    const expiring = await signIn('igor', '2222')
    const revoked = await signIn('igor', '2222')
    const leaving = await signIn('igor', '2222')
    const started = t.clock.now
    try {
      t.clock.now = new Date(started.getTime() + 12 * HOUR_MS - 1000)
      expect((await me({ 'x-garcon-token': expiring.token })).statusCode).toBe(200)
      t.clock.now = new Date(started.getTime() + 12 * HOUR_MS)
      expect((await me({ 'x-garcon-token': expiring.token })).statusCode).toBe(401)
    } finally {
      t.clock.now = started
    }
    await t.auth.service.revoke(revoked.token)
    expect((await me({ 'x-garcon-token': revoked.token })).statusCode).toBe(401)
    expect((await me({ 'x-garcon-token': leaving.token })).statusCode).toBe(200)
    await t.db.updateTable('waiters').set({ active: false }).where('login', '=', 'igor').execute()
    try {
      expect((await me({ 'x-garcon-token': leaving.token })).statusCode).toBe(401)
      expect((await login({ login: 'igor', pin: '2222' })).statusCode).toBe(401)
    } finally {
      await t.db.updateTable('waiters').set({ active: true }).where('login', '=', 'igor').execute()
    }
  })

  it('keeps only the hash of a token, so the database signs no one in', async () => {
    const { token } = await signIn('anna', '1111')
    const sessions = await t.db.selectFrom('garconSessions').selectAll().execute()
    expect(JSON.stringify(sessions)).not.toContain(token)
    expect(sessions.map((s) => s.tokenHash)).toContain(hashAccessToken(token))
    const waiters = await t.db.selectFrom('waiters').select(['login', 'pinHash']).execute()
    for (const { pinHash } of waiters)
      expect(pinHash).toMatch(/^scrypt\$\d+\$8\$1\$[\w-]{22}\$[\w-]{43}$/)
    expect(new Set(waiters.map((w) => w.pinHash)).size).toBe(waiters.length)
  })

  it("keeps each restaurant's waiters to their own restaurant", async () => {
    await t.db.insertInto('restaurants').values({ id: 'elsewhere', name: 'Elsewhere' }).execute()
    await createGarconRepository(t.db).addWaiter({
      restaurantId: 'elsewhere',
      name: 'Анна Другая',
      login: 'anna',
      pinHash: await hashSecret('9999'),
    })
    expect((await login({ login: 'anna', pin: '9999' })).statusCode).toBe(401)
    const wrongPlace = await login({ login: 'anna', pin: '1111', restaurantId: 'elsewhere' })
    expect(wrongPlace.statusCode).toBe(401)
    const other = await signIn('anna', '9999', 'elsewhere')
    const ours = await signIn('anna', '1111')
    expect(other.waiter).toMatchObject({ restaurantId: 'elsewhere', name: 'Анна Другая' })
    expect(other.waiter.id).not.toBe(ours.waiter.id)
    const asOther = waiter.parse((await me({ 'x-garcon-token': other.token })).json())
    expect(asOther.restaurantId).toBe('elsewhere')
    const demoIds = await t.auth.service.listActiveWaiterIds('demo')
    expect(demoIds).toHaveLength(2)
    expect(demoIds).toContain(ours.waiter.id)
    expect(demoIds).not.toContain(other.waiter.id)
  })

  it('lets only that waiter join private-garcon.{id}', async () => {
    const anna = await signIn('anna', '1111')
    const igor = await signIn('igor', '2222')
    const channel = garconChannel(anna.waiter.id)
    const authorize = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/broadcasting/auth',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams({ socket_id: '123.456', channel_name: channel }).toString(),
      })
    const allowed = await authorize({ 'x-garcon-token': anna.token })
    expect(allowed.statusCode).toBe(200)
    const { key, secret } = t.credentials
    expect(allowed.json()).toEqual({ auth: channelAuth(key, secret, '123.456', channel) })
    const igorAsks = await authorize({ 'x-garcon-token': igor.token })
    expect(igorAsks.statusCode).toBe(403)
    expect(errorOf(igorAsks).code).toBe('forbidden')
    // Nobody signed in (the cookie alone is no token, a revoked one is none either): sign in
    // first, as any waiter request says.
    const revoked = await signIn('anna', '1111')
    await t.auth.service.revoke(revoked.token)
    const signedOut: Record<string, string>[] = [
      {},
      { cookie: `garcon_token=${anna.token}` },
      { 'x-garcon-token': revoked.token },
    ]
    for (const headers of signedOut) {
      const refused = await authorize(headers)
      expect(refused.statusCode).toBe(401)
      expect(errorOf(refused)).toEqual({ code: 'unauthorized', message: 'Sign in as a waiter.' })
    }
  })

  describe('signing out', () => {
    // Waiters of their own restaurant, so the counts are theirs alone.
    beforeAll(async () => {
      await t.db.insertInto('restaurants').values({ id: 'sign-out', name: 'Sign-out' }).execute()
      const repository = createGarconRepository(t.db)
      for (const [login, pin] of [
        ['olga', '3333'],
        ['pavel', '4444'],
      ] as const) {
        await repository.addWaiter({
          restaurantId: 'sign-out',
          name: login,
          login,
          pinHash: await hashSecret(pin),
        })
      }
    })
    const olga = () => signIn('olga', '3333', 'sign-out')
    const pavel = () => signIn('pavel', '4444', 'sign-out')
    const passes = async (token: string) =>
      (await me({ 'x-garcon-token': token })).statusCode === 200

    it('signs this device out: its token no longer passes, the other devices stay in', async () => {
      const phone = await olga()
      const tablet = await olga()
      const response = await signOut('logout', { 'x-garcon-token': phone.token })
      expect(response.statusCode).toBe(200)
      expect(garconLogout.response.parse(response.json())).toEqual({ signedOut: 1 })
      expect(await passes(phone.token)).toBe(false)
      expect(await passes(tablet.token)).toBe(true)
      const again = await signOut('logout', { 'x-garcon-token': phone.token })
      expect(again.statusCode).toBe(401)
      expect(errorOf(again)).toEqual({ code: 'unauthorized', message: 'Sign in as a waiter.' })
    })

    it('answers a sign-out without a valid token with 401, as every waiter action', async () => {
      const { token } = await olga()
      for (const path of ['logout', 'logout-all'] as const) {
        const anonymous: Record<string, string>[] = [
          {},
          { 'x-garcon-token': 'x'.repeat(43) },
          { cookie: `garcon_token=${token}` },
        ]
        for (const headers of anonymous) {
          const response = await signOut(path, headers)
          expect(response.statusCode).toBe(401)
          expect(errorOf(response)).toEqual({
            code: 'unauthorized',
            message: 'Sign in as a waiter.',
          })
        }
      }
      expect(await passes(token)).toBe(true)
    })

    it("signs out everywhere: every unexpired session of that waiter, another waiter's stay", async () => {
      // Whatever the earlier stories left signed in.
      await signOut('logout-all', { 'x-garcon-token': (await olga()).token })
      const started = t.clock.now
      try {
        const expired = await olga()
        t.clock.now = new Date(started.getTime() + 11 * HOUR_MS)
        const phone = await olga()
        const tablet = await olga()
        const colleague = await pavel()
        t.clock.now = new Date(started.getTime() + 12 * HOUR_MS)
        expect(await passes(expired.token)).toBe(false)
        const response = await signOut('logout-all', { 'x-garcon-token': phone.token })
        expect(response.statusCode).toBe(200)
        expect(garconLogoutAll.response.parse(response.json())).toEqual({ signedOut: 2 })
        expect(await passes(phone.token)).toBe(false)
        expect(await passes(tablet.token)).toBe(false)
        expect(await passes(colleague.token)).toBe(true)
        expect((await signOut('logout-all', { 'x-garcon-token': tablet.token })).statusCode).toBe(
          401,
        )
      } finally {
        t.clock.now = started
      }
    })
  })
})
