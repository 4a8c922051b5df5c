import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBody } from '@tableside/contracts/errors'
import { MANAGER_TOKEN_HEADER, adminMe } from '@tableside/contracts/staff'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { addManager, createOrderingRestaurant, signInAsManager } from '../../test/test-restaurants'
import { newTotpSecret, totpCodeAt } from './totp'

const API = '/api/v1'

// Issue 27: a manager's session token is stolen (a shared computer, a leaked log). Seen from
// the attacker's side: the token alone must not let them lock the real manager out, and what the
// real manager does next (a new password, TOTP on) must end the stolen token.
describe.each(testDatabaseKinds)('An attacker with a stolen manager token on $name', (kind) => {
  let t: TestApp
  const ids: Record<string, string> = {}

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
  const call = (token: string, method: Method, url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `${API}${url}`,
      headers: { [MANAGER_TOKEN_HEADER]: token },
      ...(payload ? { payload } : {}),
    })
  const codeOf = (response: { json: () => unknown }) => errorBody.parse(response.json()).error.code
  const signIn = async (login: string, password: string, restaurantId = 'fort') =>
    (await signInAsManager(t.app, restaurantId, login, password)).token
  const passwordSignsIn = async (login: string, password: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: `${API}/auth/admin/login`,
        payload: { restaurantId: 'fort', login, password },
      })
    ).statusCode === 200
  const totpOn = async (token: string) =>
    adminMe.parse((await call(token, 'GET', '/admin/me')).json()).totpEnabled

  beforeAll(async () => {
    t = await createTestApp(kind)
    await createOrderingRestaurant(t, 'fort', { tables: [{ code: 'F1', label: 'F1' }] })
    await createOrderingRestaurant(t, 'rival', { tables: [{ code: 'R1', label: 'R1' }] })
    for (const login of ['owner', 'chef', 'deputy', 'keeper']) {
      ids[login] = await addManager(t, 'fort', login, `${login}-password-1`)
    }
    ids.rival = await addManager(t, 'rival', 'rival', 'rival-password-1')
  })
  afterAll(async () => {
    await t.close()
  })

  it('cannot turn TOTP on: no password is refused, and a secret of their own is never taken', async () => {
    const stolen = await signIn('owner', 'owner-password-1')
    const attackersSecret = newTotpSecret()
    const theirCode = () => totpCodeAt(attackersSecret, new Date())
    expect((await call(stolen, 'POST', '/admin/me/totp')).statusCode).toBe(200)

    // The old way in: a secret from the browser and a code from it, no password.
    const noPassword = await call(stolen, 'PUT', '/admin/me/totp', {
      secret: attackersSecret,
      code: theirCode(),
    })
    expect(noPassword.statusCode).toBe(400)
    // A guessed password is refused.
    const guessed = await call(stolen, 'PUT', '/admin/me/totp', {
      secret: attackersSecret,
      code: theirCode(),
      password: 'password123',
    })
    expect(guessed.statusCode).toBe(403)
    expect(codeOf(guessed)).toBe('password_wrong')
    // Even with the password, a secret the browser sends is ignored: only the server's counts.
    const ownSecret = await call(stolen, 'PUT', '/admin/me/totp', {
      secret: attackersSecret,
      code: theirCode(),
      password: 'owner-password-1',
    })
    expect(ownSecret.statusCode).toBe(401)
    expect(codeOf(ownSecret)).toBe('totp_invalid')

    expect(await totpOn(stolen)).toBe(false)
    // The real manager still signs in with the password alone.
    expect(await passwordSignsIn('owner', 'owner-password-1')).toBe(true)
  })

  it('cannot use a secret issued to another sign-in, nor one past its ten minutes', async () => {
    const real = await signIn('keeper', 'keeper-password-1')
    const stolen = await signIn('keeper', 'keeper-password-1')
    const issued = (await call(real, 'POST', '/admin/me/totp')).json<{ secret: string }>().secret
    const elsewhere = await call(stolen, 'PUT', '/admin/me/totp', {
      password: 'keeper-password-1',
      code: totpCodeAt(issued, new Date()),
    })
    expect(elsewhere.statusCode).toBe(409)
    expect(codeOf(elsewhere)).toBe('totp_not_started')
    await t.database.db
      .updateTable('staffSessions')
      .set({ totpPendingUntil: new Date(Date.now() - 1000) })
      .where('totpPendingSecret', '=', issued)
      .execute()
    const late = await call(real, 'PUT', '/admin/me/totp', {
      password: 'keeper-password-1',
      code: totpCodeAt(issued, new Date()),
    })
    expect(codeOf(late)).toBe('totp_not_started')
    expect(await totpOn(real)).toBe(false)
  })

  it('cannot change the password without the current one', async () => {
    const stolen = await signIn('chef', 'chef-password-1')
    const without = await call(stolen, 'PUT', '/admin/me/password', {
      newPassword: 'attacker-owns-this',
    })
    expect(without.statusCode).toBe(400)
    const guessed = await call(stolen, 'PUT', '/admin/me/password', {
      currentPassword: 'chef-password-2',
      newPassword: 'attacker-owns-this',
    })
    expect(guessed.statusCode).toBe(403)
    expect(codeOf(guessed)).toBe('password_wrong')
    expect(await passwordSignsIn('chef', 'attacker-owns-this')).toBe(false)
    expect(await passwordSignsIn('chef', 'chef-password-1')).toBe(true)
  })

  it('loses the stolen token once the real manager changes the password', async () => {
    const stolen = await signIn('chef', 'chef-password-1')
    const real = await signIn('chef', 'chef-password-1')
    const changed = await call(real, 'PUT', '/admin/me/password', {
      currentPassword: 'chef-password-1',
      newPassword: 'roasted-garlic-42',
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.json<{ signedOut: number }>().signedOut).toBeGreaterThanOrEqual(1)
    const refused = await call(stolen, 'GET', '/admin/me')
    expect(refused.statusCode).toBe(401)
    expect(codeOf(refused)).toBe('unauthorized')
    expect((await call(real, 'GET', '/admin/me')).statusCode).toBe(200)
    expect(await passwordSignsIn('chef', 'chef-password-1')).toBe(false)
  })

  it('loses the stolen token once the real manager turns TOTP on', async () => {
    const stolen = await signIn('owner', 'owner-password-1')
    const real = await signIn('owner', 'owner-password-1')
    const issued = (await call(real, 'POST', '/admin/me/totp')).json<{ secret: string }>().secret
    const on = await call(real, 'PUT', '/admin/me/totp', {
      password: 'owner-password-1',
      code: totpCodeAt(issued, new Date()),
    })
    expect(on.statusCode).toBe(200)
    expect((await call(stolen, 'GET', '/admin/me')).statusCode).toBe(401)
    expect(await totpOn(real)).toBe(true)
  })

  it("cannot take over a colleague's account without their own password, nor reset their own", async () => {
    const stolen = await signIn('deputy', 'deputy-password-1')
    const url = `/admin/staff/${ids.keeper}`
    const noPassword = await call(stolen, 'PUT', `${url}/password`, {
      password: 'attacker-owns-this',
    })
    expect(noPassword.statusCode).toBe(400)
    const guessed = await call(stolen, 'PUT', `${url}/password`, {
      password: 'attacker-owns-this',
      yourPassword: 'password123',
    })
    expect(codeOf(guessed)).toBe('password_wrong')
    const totp = await call(stolen, 'DELETE', `${url}/totp`, { yourPassword: 'password123' })
    expect(codeOf(totp)).toBe('password_wrong')
    expect(await passwordSignsIn('keeper', 'attacker-owns-this')).toBe(false)
    // Their own account is not reset through a colleague's door (it skips the current password).
    for (const [method, path, payload] of [
      ['PUT', 'password', { password: 'attacker-owns-this', yourPassword: 'deputy-password-1' }],
      ['DELETE', 'totp', { yourPassword: 'deputy-password-1' }],
    ] as const) {
      const self = await call(stolen, method, `/admin/staff/${ids.deputy}/${path}`, payload)
      expect(self.statusCode).toBe(409)
      expect(codeOf(self)).toBe('cannot_reset_self')
    }
    expect(await passwordSignsIn('deputy', 'deputy-password-1')).toBe(true)
  })

  it('as a manager of another restaurant, cannot reset, list or end the sign-ins of this one', async () => {
    const victim = await signIn('deputy', 'deputy-password-1')
    const victimSessions = (await call(victim, 'GET', '/admin/me/sessions')).json<{
      sessions: { id: string }[]
    }>().sessions
    expect(victimSessions.length).toBeGreaterThan(0)

    const rival = await signIn('rival', 'rival-password-1', 'rival')
    const reset = await call(rival, 'PUT', `/admin/staff/${ids.deputy}/password`, {
      password: 'attacker-owns-this',
      yourPassword: 'rival-password-1',
    })
    expect(reset.statusCode).toBe(404)
    const totp = await call(rival, 'DELETE', `/admin/staff/${ids.deputy}/totp`, {
      yourPassword: 'rival-password-1',
    })
    expect(totp.statusCode).toBe(404)
    const listed = (await call(rival, 'GET', '/admin/me/sessions')).json<{
      sessions: { id: string }[]
    }>().sessions
    expect(listed.map((session) => session.id)).not.toEqual(
      expect.arrayContaining(victimSessions.map((session) => session.id)),
    )
    for (const { id } of victimSessions) {
      expect((await call(rival, 'DELETE', `/admin/me/sessions/${id}`)).statusCode).toBe(404)
    }
    expect((await call(victim, 'GET', '/admin/me')).statusCode).toBe(200)
    expect(await passwordSignsIn('deputy', 'deputy-password-1')).toBe(true)
  })
})
