import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBody } from '@tableside/contracts/errors'
import { adminMe, adminSession, type AdminSession } from '@tableside/contracts/staff'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import {
  addManager,
  createOrderingRestaurant,
  signInAsKitchen,
  signInAsManager,
  signInAsWaiter,
} from '../../test/test-restaurants'
import { hashAccessToken } from '../../lib/access-token'
import { newTotpSecret, totpCodeAt } from './totp'

// Issue 17, decision 0062: managers and the kitchen sign in as waiters do, each kind of token
// good for its own routes only, and a manager may add a TOTP code to the password.
describe.each(testDatabaseKinds)('Managers and the kitchen sign in on $name', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind)
    await createOrderingRestaurant(t, 'bistro', { tables: [{ code: 'B1', label: 'B1' }] })
    await addManager(t, 'bistro', 'boss', 'bistro-password')
    await addManager(t, 'bistro', 'bistro-kitchen', '5555', 'kitchen')
  })
  afterAll(async () => {
    await t.close()
  })

  const me = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/v1/admin/me', headers })
  const kitchenMe = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/v1/kitchen/me', headers })
  const adminLogin = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/admin/login', payload })
  const codeOf = (response: { json: () => unknown }) => errorBody.parse(response.json()).error.code

  it('signs the demo manager in, and the token (kept hashed) says who they are', async () => {
    const { token, manager } = await signInAsManager(t.app)
    expect(manager).toMatchObject({ restaurantId: 'demo', name: 'Мария Петровна' })
    const response = await me({ 'x-manager-token': token })
    expect(response.statusCode).toBe(200)
    expect(adminMe.parse(response.json())).toMatchObject({
      id: manager.id,
      login: 'manager',
      totpEnabled: false,
    })
    const stored = await t.database.db
      .selectFrom('staffSessions')
      .select('tokenHash')
      .where('staffId', '=', manager.id)
      .execute()
    expect(stored.map((row) => row.tokenHash)).toContain(hashAccessToken(token))
    expect(JSON.stringify(stored)).not.toContain(token)
  })

  it('refuses a wrong password and an unknown login alike, and a login of another restaurant', async () => {
    for (const payload of [
      { restaurantId: 'demo', login: 'manager', password: 'not-the-password' },
      { restaurantId: 'demo', login: 'nobody', password: 'tableside-demo' },
      { restaurantId: 'bistro', login: 'manager', password: 'tableside-demo' },
      // The kitchen's PIN is no manager's password, nor its login a manager's.
      { restaurantId: 'demo', login: 'kitchen', password: '3333' },
    ]) {
      const response = await adminLogin(payload)
      expect(response.statusCode).toBe(401)
      expect(errorBody.parse(response.json()).error.message).toBe('Wrong login or password.')
    }
    const bad = await adminLogin({ restaurantId: 'demo', login: '', password: '' })
    expect(bad.statusCode).toBe(400)
  })

  it('takes each kind of token only where it belongs, and never from a cookie', async () => {
    const { token: managerToken } = await signInAsManager(t.app)
    const { token: kitchenToken } = await signInAsKitchen(t.app)
    const { token: waiterToken } = await signInAsWaiter(t.app, 'anna', '1111')
    expect((await kitchenMe({ 'x-kitchen-token': kitchenToken })).statusCode).toBe(200)
    const refused: Record<string, string>[] = [
      {},
      { 'x-manager-token': kitchenToken },
      { 'x-manager-token': waiterToken },
      { 'x-garcon-token': managerToken },
      { 'x-kitchen-token': managerToken },
      { cookie: `manager_token=${managerToken}` },
      { 'x-manager-token': 'x'.repeat(43) },
      { 'x-manager-token': 'not a token' },
    ]
    for (const headers of refused) {
      const response = await me(headers)
      expect(response.statusCode).toBe(401)
      expect(codeOf(response)).toBe('unauthorized')
    }
    for (const headers of [
      { 'x-kitchen-token': managerToken },
      { 'x-kitchen-token': waiterToken },
    ]) {
      expect((await kitchenMe(headers)).statusCode).toBe(401)
    }
  })

  it('signs a device out, and a revoked or expired token no longer works', async () => {
    const { token, manager } = await signInAsManager(t.app)
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/admin/logout',
      headers: { 'x-manager-token': token },
    })
    expect(out.json()).toEqual({ signedOut: 1 })
    expect((await me({ 'x-manager-token': token })).statusCode).toBe(401)

    const again = await signInAsManager(t.app)
    await t.database.db
      .updateTable('staffSessions')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('tokenHash', '=', hashAccessToken(again.token))
      .execute()
    expect((await me({ 'x-manager-token': again.token })).statusCode).toBe(401)
    // A deactivated manager's sessions stop at once.
    const third = await signInAsManager(t.app)
    await t.database.db
      .updateTable('staff')
      .set({ active: false })
      .where('id', '=', manager.id)
      .execute()
    expect((await me({ 'x-manager-token': third.token })).statusCode).toBe(401)
    await t.database.db
      .updateTable('staff')
      .set({ active: true })
      .where('id', '=', manager.id)
      .execute()
  })

  it('slows guessing at a manager’s password, whatever the address, apart from the waiters', async () => {
    let last = await adminLogin({ restaurantId: 'bistro', login: 'boss', password: 'wrong-guess' })
    for (let attempt = 0; attempt < 6; attempt += 1) {
      last = await adminLogin({ restaurantId: 'bistro', login: 'boss', password: 'wrong-guess' })
    }
    expect(last.statusCode).toBe(429)
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0)
    expect(errorBody.parse(last.json()).error.message).toMatch(/^Too many wrong passwords/)
    // Even the right password waits: the count is the login's, not the guess's.
    const right = await adminLogin({
      restaurantId: 'bistro',
      login: 'boss',
      password: 'bistro-password',
    })
    expect(right.statusCode).toBe(429)
    // A kitchen login of the same name at the same restaurant is counted apart.
    const kitchen = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/kitchen/login',
      payload: { restaurantId: 'bistro', login: 'bistro-kitchen', pin: '5555' },
    })
    expect(kitchen.statusCode).toBe(200)
    await t.database.db.deleteFrom('garconLoginFailures').execute()
  })

  it('turns TOTP on with a confirmed code; then the password alone is not enough', async () => {
    const { token } = await signInAsManager(t.app, 'bistro', 'boss', 'bistro-password')
    const headers = { 'x-manager-token': token }
    const started = await t.app.inject({ method: 'POST', url: '/api/v1/admin/me/totp', headers })
    expect(started.statusCode).toBe(200)
    const { secret, uri, qrSvg } = started.json<{ secret: string; uri: string; qrSvg: string }>()
    expect(uri).toMatch(/^otpauth:\/\/totp\//)
    expect(qrSvg).toMatch(/^<svg/)
    // A wrong code turns nothing on.
    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/me/totp',
      headers,
      payload: {
        password: 'bistro-password',
        code: totpCodeAt(secret, new Date(Date.now() - 10 * 60_000)),
      },
    })
    expect(wrong.statusCode).toBe(401)
    expect(codeOf(wrong)).toBe('totp_invalid')
    expect(adminMe.parse((await me(headers)).json()).totpEnabled).toBe(false)

    const confirmed = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/me/totp',
      headers,
      payload: { password: 'bistro-password', code: totpCodeAt(secret, new Date()) },
    })
    expect(confirmed.statusCode).toBe(200)
    expect(adminMe.parse(confirmed.json()).totpEnabled).toBe(true)
    // A token alone cannot swap in a secret of its own (and then turn the code off with it):
    // no new secret is even issued while one is on.
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/admin/me/totp', headers })
    expect(again.statusCode).toBe(409)
    expect(codeOf(again)).toBe('totp_already_on')
    const another = newTotpSecret()
    const offWithTheirs = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/admin/me/totp',
      headers,
      payload: { code: totpCodeAt(another, new Date()) },
    })
    expect(offWithTheirs.statusCode).toBe(401)

    const password = { restaurantId: 'bistro', login: 'boss', password: 'bistro-password' }
    const without = await adminLogin(password)
    expect(without.statusCode).toBe(401)
    expect(codeOf(without)).toBe('totp_required')
    // A code from ten minutes ago is outside the window.
    const stale = totpCodeAt(secret, new Date(Date.now() - 10 * 60_000))
    const badCode = await adminLogin({ ...password, totp: stale })
    expect(codeOf(badCode)).toBe('totp_invalid')
    const withCode = await adminLogin({ ...password, totp: totpCodeAt(secret, new Date()) })
    expect(withCode.statusCode).toBe(200)
    // A wrong password with a right code still says only that the password is wrong.
    const wrongPassword = await adminLogin({
      ...password,
      password: 'not-the-password',
      totp: totpCodeAt(secret, new Date()),
    })
    expect(errorBody.parse(wrongPassword.json()).error.message).toBe('Wrong login or password.')

    const off = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/admin/me/totp',
      headers,
      payload: { code: totpCodeAt(secret, new Date()) },
    })
    expect(adminMe.parse(off.json()).totpEnabled).toBe(false)
    expect((await adminLogin(password)).statusCode).toBe(200)
  })

  it('lists the manager’s sign-ins with device and address, ends one, then all of them', async () => {
    await addManager(t, 'bistro', 'host', 'host-password-1')
    const signIn = async (userAgent: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/admin/login',
        headers: { 'user-agent': userAgent },
        payload: { restaurantId: 'bistro', login: 'host', password: 'host-password-1' },
      })
      return response.json<{ token: string }>().token
    }
    const phone = await signIn('Mozilla/5.0 (iPhone) Safari')
    const desk = await signIn('Mozilla/5.0 (Windows NT 10.0) Chrome/130')
    const sessionsOf = async (token: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/admin/me/sessions',
        headers: { 'x-manager-token': token },
      })
      expect(response.statusCode).toBe(200)
      return response
        .json<{ sessions: AdminSession[] }>()
        .sessions.map((s) => adminSession.parse(s))
    }
    const listed = await sessionsOf(desk)
    expect(listed).toHaveLength(2)
    expect(listed[0]).toMatchObject({
      current: true,
      userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/130',
      address: '127.0.0.1',
    })
    expect(listed[1]).toMatchObject({ current: false, userAgent: 'Mozilla/5.0 (iPhone) Safari' })
    const phoneId = listed[1]?.id ?? ''

    const end = (token: string, id: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/v1/admin/me/sessions/${id}`,
        headers: { 'x-manager-token': token },
      })
    expect((await end(desk, phoneId)).json()).toEqual({ signedOut: 1 })
    expect((await me({ 'x-manager-token': phone })).statusCode).toBe(401)
    expect((await end(desk, phoneId)).statusCode).toBe(404)
    expect(await sessionsOf(desk)).toHaveLength(1)

    const other = await signIn('Firefox')
    const everywhere = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/admin/me/sessions',
      headers: { 'x-manager-token': desk },
    })
    expect(everywhere.json()).toEqual({ signedOut: 2 })
    for (const token of [desk, other]) {
      expect((await me({ 'x-manager-token': token })).statusCode).toBe(401)
    }
  })

  it('changes the password only to a strong enough new one, and says why not', async () => {
    await addManager(t, 'bistro', 'sommelier', 'grand-cru-1855')
    const { token } = await signInAsManager(t.app, 'bistro', 'sommelier', 'grand-cru-1855')
    const change = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/admin/me/password',
        headers: { 'x-manager-token': token },
        payload,
      })
    const currentPassword = 'grand-cru-1855'
    for (const [newPassword, code, message] of [
      ['short', 'validation_failed', 'A password is at least 10 characters'],
      ['aaaaabbbbb', 'weak_password', 'A password needs at least 5 different characters'],
      ['my-SOMMELIER-2024', 'weak_password', 'A password must not contain the login'],
      [currentPassword, 'password_unchanged', 'Choose a password other than the current one'],
    ] as const) {
      const refused = await change({ currentPassword, newPassword })
      expect(refused.statusCode).toBe(400)
      const { error } = errorBody.parse(refused.json())
      expect(error.code).toBe(code)
      expect(error.fields).toEqual([{ path: 'body.newPassword', message }])
    }
    const changed = await change({ currentPassword, newPassword: 'pinot-noir-1999' })
    expect(changed.json()).toEqual({ signedOut: 0 })
    expect((await me({ 'x-manager-token': token })).statusCode).toBe(200)
    const login = { restaurantId: 'bistro', login: 'sommelier' }
    expect((await adminLogin({ ...login, password: 'pinot-noir-1999' })).statusCode).toBe(200)
  })

  it('lets only the restaurant’s kitchen (or its manager) join private-kitchen.{rid}', async () => {
    const { token: kitchen } = await signInAsKitchen(t.app)
    const { token: manager } = await signInAsManager(t.app)
    const { token: waiter } = await signInAsWaiter(t.app, 'anna', '1111')
    const authorize = (channel: string, headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/broadcasting/auth',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams({ socket_id: '123.456', channel_name: channel }).toString(),
      })
    expect(
      (await authorize('private-kitchen.demo', { 'x-kitchen-token': kitchen })).statusCode,
    ).toBe(200)
    expect(
      (await authorize('private-kitchen.demo', { 'x-manager-token': manager })).statusCode,
    ).toBe(200)
    for (const [channel, headers, status] of [
      ['private-kitchen.bistro', { 'x-kitchen-token': kitchen }, 403],
      ['private-kitchen.bistro', { 'x-manager-token': manager }, 403],
      // No kitchen or manager signed in: sign in first.
      ['private-kitchen.demo', { 'x-garcon-token': waiter }, 401],
      ['private-kitchen.demo', { 'x-kitchen-token': waiter }, 401],
      ['private-kitchen.demo', {}, 401],
      ['private-kitchen.demo', { cookie: `kitchen_token=${kitchen}` }, 401],
    ] as const) {
      expect((await authorize(channel, headers)).statusCode, JSON.stringify(headers)).toBe(status)
    }
  })
})
