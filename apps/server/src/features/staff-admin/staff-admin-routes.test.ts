import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminStaffMember, adminWaiter } from '@tableside/contracts/admin-staff'
import { PROFILE_TOKEN_HEADER } from '@tableside/contracts/client'
import { errorBody } from '@tableside/contracts/errors'
import { GARCON_TOKEN_HEADER } from '@tableside/contracts/garcon'
import { KITCHEN_TOKEN_HEADER, MANAGER_TOKEN_HEADER } from '@tableside/contracts/staff'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import {
  addManager,
  createOrderingRestaurant,
  signInAsKitchen,
  signInAsManager,
  signInAsWaiter,
} from '../../test/test-restaurants'

const API = '/api/v1'
const SOME_UUID = '00000000-0000-4000-8000-000000000000'

// Decision 0068: the back office's waiters, managers and kitchen logins.
describe.each(testDatabaseKinds)("A manager runs the restaurant's staff on $name", (kind) => {
  let t: TestApp
  let manager: { token: string; id: string }
  let otherManager: string
  let kitchen: string
  let waiter: string
  /** A diner's profile token, well formed; the manager's routes know nothing of profiles. */
  const diner = 'a'.repeat(43)

  const as = (token: string | null, header = MANAGER_TOKEN_HEADER) =>
    token === null ? {} : { [header]: token }
  const inject = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    token: string | null = manager.token,
  ) =>
    t.app.inject({
      method,
      url: `${API}${url}`,
      headers: as(token),
      ...(payload ? { payload } : {}),
    })
  const waiterId = async (login: string) =>
    (
      await t.database.db
        .selectFrom('waiters')
        .select('id')
        .where('restaurantId', '=', 'demo')
        .where('login', '=', login)
        .executeTakeFirstOrThrow()
    ).id
  const auditOf = (entityId: string) =>
    t.database.db
      .selectFrom('auditLog')
      .selectAll()
      .where('entityId', '=', entityId)
      .orderBy('id')
      .execute()

  beforeAll(async () => {
    t = await createTestApp(kind)
    const signed = await signInAsManager(t.app)
    manager = { token: signed.token, id: signed.manager.id }
    await createOrderingRestaurant(t, 'bistro', { tables: [{ code: 'B1', label: 'B1' }] })
    await addManager(t, 'bistro', 'boss', 'bistro-password')
    otherManager = (await signInAsManager(t.app, 'bistro', 'boss', 'bistro-password')).token
    kitchen = (await signInAsKitchen(t.app)).token
    waiter = (await signInAsWaiter(t.app, 'igor', '2222')).token
  })
  afterAll(async () => {
    await t.close()
  })

  it('refuses every route to a waiter, the kitchen, a diner without a token; ids of another restaurant are 404', async () => {
    const anna = await waiterId('anna')
    const { id: kitchenId } = await t.database.db
      .selectFrom('staff')
      .select('id')
      .where('restaurantId', '=', 'demo')
      .where('role', '=', 'kitchen')
      .executeTakeFirstOrThrow()
    const routes: [method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object][] = [
      ['GET', '/admin/waiters'],
      ['POST', '/admin/waiters', { name: 'Чужой', login: 'intruder', pin: '9999' }],
      ['PATCH', `/admin/waiters/${anna}`, { active: false }],
      ['PUT', `/admin/waiters/${anna}/pin`, { pin: '9999' }],
      ['GET', '/admin/staff'],
      ['POST', '/admin/staff', { role: 'kitchen', name: 'Чужой', login: 'intruder', pin: '9999' }],
      ['PATCH', `/admin/staff/${kitchenId}`, { active: false }],
      ['PUT', `/admin/staff/${kitchenId}/pin`, { pin: '9999' }],
    ]
    for (const [method, url, payload] of routes) {
      for (const headers of [
        {},
        { [GARCON_TOKEN_HEADER]: waiter },
        { [KITCHEN_TOKEN_HEADER]: kitchen },
        // A diner signed in to their profile is no manager.
        { [PROFILE_TOKEN_HEADER]: diner },
        // A waiter's or the kitchen's token in the manager's header is no manager's either.
        { [MANAGER_TOKEN_HEADER]: waiter },
        { [MANAGER_TOKEN_HEADER]: kitchen },
      ]) {
        const response = await t.app.inject({
          method,
          url: `${API}${url}`,
          headers,
          ...(payload ? { payload } : {}),
        })
        expect(response.statusCode, `${method} ${url}`).toBe(401)
        expect(errorBody.parse(response.json()).error.code).toBe('unauthorized')
      }
      if (url.includes(anna) || url.includes(kitchenId)) {
        const response = await inject(method, url, payload, otherManager)
        expect(response.statusCode, `${method} ${url} by bistro's manager`).toBe(404)
      }
    }
    // Bistro's manager sees bistro's staff only.
    const theirs = await inject('GET', '/admin/waiters', undefined, otherManager)
    expect(theirs.json<{ waiters: unknown[] }>().waiters).toEqual([])
    const staff = await inject('GET', '/admin/staff', undefined, otherManager)
    expect(staff.json<{ staff: { login: string }[] }>().staff.map((s) => s.login)).toEqual(['boss'])
    // Nothing changed: Анна still works, nobody named intruder exists.
    const annaNow = await t.database.db
      .selectFrom('waiters')
      .select('active')
      .where('id', '=', anna)
      .executeTakeFirstOrThrow()
    expect(annaNow.active).toBe(true)
    const intruders = await t.database.db
      .selectFrom('waiters')
      .select('id')
      .where('login', '=', 'intruder')
      .execute()
    expect(intruders).toEqual([])
  })

  it('adds a waiter who signs in at once; a taken login is 409 on the field, bad input changes nothing', async () => {
    const added = await inject('POST', '/admin/waiters', {
      name: ' Олег ',
      login: ' Oleg ',
      pin: '4321',
    })
    expect(added.statusCode).toBe(201)
    const oleg = adminWaiter.parse(added.json())
    expect(oleg).toMatchObject({
      name: 'Олег',
      login: 'oleg',
      active: true,
      onShift: false,
      tables: [],
    })
    expect(JSON.stringify(added.json())).not.toContain('scrypt')
    const signedIn = await signInAsWaiter(t.app, 'oleg', '4321')
    expect(signedIn.waiter.id).toBe(oleg.id)

    const again = await inject('POST', '/admin/waiters', {
      name: 'Другой',
      login: 'OLEG',
      pin: '1234',
    })
    expect(again.statusCode).toBe(409)
    expect(errorBody.parse(again.json()).error).toMatchObject({
      code: 'login_taken',
      fields: [{ path: 'body.login' }],
    })
    const before = await t.database.db.selectFrom('waiters').select('id').execute()
    for (const payload of [
      { name: '', login: 'empty', pin: '1234' },
      { name: 'Коротко', login: 'short', pin: '12' },
      { name: 'Пробел', login: 'with space', pin: '1234' },
      { name: 'Лишнее', login: 'extra', pin: '1234', active: 'yes', pinHash: 'x' },
    ]) {
      const refused = await inject('POST', '/admin/waiters', payload)
      if (refused.statusCode === 201) {
        // Unknown keys are dropped, not refused: the waiter is added as asked, without them.
        expect(refused.json()).toMatchObject({ login: 'extra' })
        continue
      }
      expect(refused.statusCode).toBe(400)
      expect(errorBody.parse(refused.json()).error.code).toBe('validation_failed')
    }
    const after = await t.database.db.selectFrom('waiters').select('id').execute()
    expect(after.length).toBeLessThanOrEqual(before.length + 1)

    const [entry] = await auditOf(oleg.id)
    expect(entry).toMatchObject({ action: 'create', entity: 'waiter' })
    expect(JSON.stringify(entry)).not.toMatch(/scrypt|4321|pinHash/)
  })

  it('two managers adding one login at once: one is added, the other told it is taken', async () => {
    const [a, b] = await Promise.all(
      ['Первый', 'Второй'].map((name) =>
        inject('POST', '/admin/waiters', { name, login: 'twin', pin: '1234' }),
      ),
    )
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([201, 409])
  })

  it('lists each waiter with the tables they serve and their shift', async () => {
    const response = await inject('GET', '/admin/waiters')
    expect(response.statusCode).toBe(200)
    const { waiters } = response.json<{ waiters: unknown[] }>()
    const list = waiters.map((w) => adminWaiter.parse(w))
    const anna = list.find((w) => w.login === 'anna')
    expect(anna?.tables.map((table) => table.code)).toEqual(['T1', 'T2', 'T3', 'T4', 'T5', 'T6'])
  })

  it('deactivating a waiter signs them out everywhere, takes them off shift and frees their tables', async () => {
    const anna = await signInAsWaiter(t.app, 'anna', '1111')
    await t.app.inject({
      method: 'PUT',
      url: `${API}/garcon/me/shift`,
      headers: { [GARCON_TOKEN_HEADER]: anna.token },
      payload: { onShift: true },
    })
    const response = await inject('PATCH', `/admin/waiters/${anna.waiter.id}`, { active: false })
    expect(response.statusCode).toBe(200)
    expect(adminWaiter.parse(response.json())).toMatchObject({
      active: false,
      onShift: false,
      tables: [],
    })
    const me = await t.app.inject({
      url: `${API}/garcon/me`,
      headers: { [GARCON_TOKEN_HEADER]: anna.token },
    })
    expect(me.statusCode).toBe(401)
    const login = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/garcon/login`,
      payload: { restaurantId: 'demo', login: 'anna', pin: '1111' },
    })
    expect(login.statusCode).toBe(401)
    const [entry] = (await auditOf(anna.waiter.id)).filter((e) => e.action === 'deactivate')
    expect(entry).toBeDefined()

    // Brought back: she signs in again, with no tables until she picks some.
    const back = await inject('PATCH', `/admin/waiters/${anna.waiter.id}`, { active: true })
    expect(adminWaiter.parse(back.json())).toMatchObject({ active: true, tables: [] })
    expect((await signInAsWaiter(t.app, 'anna', '1111')).waiter.id).toBe(anna.waiter.id)
  })

  it('renames a waiter: validated, audited, and their own area shows the new name without signing them out', async () => {
    const igor = await signInAsWaiter(t.app, 'igor', '2222')
    const before = (await auditOf(igor.waiter.id)).length
    for (const name of ['', '   ', 'Я'.repeat(101)]) {
      const refused = await inject('PATCH', `/admin/waiters/${igor.waiter.id}`, { name })
      expect(refused.statusCode, JSON.stringify(name)).toBe(400)
      expect(errorBody.parse(refused.json()).error.fields?.[0]?.path).toBe('body.name')
    }
    // A change that names nothing is no change: refused, and no entry in the audit.
    const empty = await inject('PATCH', `/admin/waiters/${igor.waiter.id}`, {})
    expect(empty.statusCode).toBe(400)
    expect(await auditOf(igor.waiter.id)).toHaveLength(before)
    // Another restaurant's manager cannot rename the demo's waiter; nor can Игорь himself here.
    const theirs = await inject(
      'PATCH',
      `/admin/waiters/${igor.waiter.id}`,
      { name: 'Чужой' },
      otherManager,
    )
    expect(theirs.statusCode).toBe(404)
    const himself = await t.app.inject({
      method: 'PATCH',
      url: `${API}/admin/waiters/${igor.waiter.id}`,
      headers: { [GARCON_TOKEN_HEADER]: igor.token },
      payload: { name: 'Шеф' },
    })
    expect(himself.statusCode).toBe(401)

    const renamed = await inject('PATCH', `/admin/waiters/${igor.waiter.id}`, {
      name: '  Игорь Петров ',
    })
    expect(renamed.statusCode).toBe(200)
    expect(adminWaiter.parse(renamed.json())).toMatchObject({ name: 'Игорь Петров', active: true })
    const entries = await auditOf(igor.waiter.id)
    expect(entries).toHaveLength(before + 1)
    expect(entries.at(-1)).toMatchObject({
      action: 'update',
      entity: 'waiter',
      before: expect.objectContaining({ name: 'Игорь' }) as unknown,
      after: expect.objectContaining({ name: 'Игорь Петров' }) as unknown,
    })
    // His phone, reloaded, still signed in, says who he is now.
    const me = await t.app.inject({
      url: `${API}/garcon/me`,
      headers: { [GARCON_TOKEN_HEADER]: igor.token },
    })
    expect(me.statusCode).toBe(200)
    expect(me.json<{ name: string }>().name).toBe('Игорь Петров')
  })

  it("resetting a waiter's PIN signs them out everywhere; the new PIN signs in, the old does not", async () => {
    const igor = await signInAsWaiter(t.app, 'igor', '2222')
    const response = await inject('PUT', `/admin/waiters/${igor.waiter.id}/pin`, { pin: '5678' })
    expect(response.statusCode).toBe(200)
    expect(response.json<{ signedOut: number }>().signedOut).toBeGreaterThanOrEqual(1)
    const me = await t.app.inject({
      url: `${API}/garcon/me`,
      headers: { [GARCON_TOKEN_HEADER]: igor.token },
    })
    expect(me.statusCode).toBe(401)
    expect((await signInAsWaiter(t.app, 'igor', '5678')).waiter.id).toBe(igor.waiter.id)
    const entries = await auditOf(igor.waiter.id)
    expect(entries.map((e) => e.action)).toContain('reset_pin')
    expect(JSON.stringify(entries)).not.toMatch(/scrypt|5678/)
    const bad = await inject('PUT', `/admin/waiters/${igor.waiter.id}/pin`, { pin: 'abcd' })
    expect(bad.statusCode).toBe(400)
    expect((await signInAsWaiter(t.app, 'igor', '5678')).waiter.id).toBe(igor.waiter.id)
    const unknown = await inject('PUT', `/admin/waiters/${SOME_UUID}/pin`, { pin: '1234' })
    expect(unknown.statusCode).toBe(404)
  })

  it('adds a manager and a kitchen login; logins are unique across both', async () => {
    const vera = await inject('POST', '/admin/staff', {
      role: 'manager',
      name: 'Вера',
      login: 'vera',
      password: 'vera-password-1',
    })
    expect(vera.statusCode).toBe(201)
    expect(adminStaffMember.parse(vera.json())).toMatchObject({
      role: 'manager',
      login: 'vera',
      active: true,
      self: false,
    })
    const signed = await signInAsManager(t.app, 'demo', 'vera', 'vera-password-1')
    expect(signed.manager.name).toBe('Вера')

    const taken = await inject('POST', '/admin/staff', {
      role: 'kitchen',
      name: 'Кухня 2',
      login: 'vera',
      pin: '4444',
    })
    expect(taken.statusCode).toBe(409)
    expect(errorBody.parse(taken.json()).error.fields).toEqual([
      { path: 'body.login', message: 'This login is taken' },
    ])
    const short = await inject('POST', '/admin/staff', {
      role: 'manager',
      name: 'Пётр',
      login: 'petr',
      password: 'short',
    })
    expect(short.statusCode).toBe(400)
    expect(errorBody.parse(short.json()).error.fields?.[0]?.path).toBe('body.password')
    // Each kind of account with its own secret: the other one, or none, is refused on its field.
    for (const [body, field] of [
      [{ role: 'manager', name: 'Пётр', login: 'petr' }, 'body.password'],
      [
        { role: 'manager', name: 'Пётр', login: 'petr', password: 'petr-password', pin: '1234' },
        'body.pin',
      ],
      [{ role: 'kitchen', name: 'Бар', login: 'bar' }, 'body.pin'],
      [
        { role: 'kitchen', name: 'Бар', login: 'bar', pin: '1234', password: 'bar-password' },
        'body.password',
      ],
      [{ role: 'waiter', name: 'Бар', login: 'bar', pin: '1234' }, 'body.role'],
    ] as const) {
      const refused = await inject('POST', '/admin/staff', body)
      expect(refused.statusCode).toBe(400)
      expect(errorBody.parse(refused.json()).error.fields?.[0]?.path).toBe(field)
    }
    const nobody = await t.database.db
      .selectFrom('staff')
      .select('id')
      .where('login', 'in', ['petr', 'bar'])
      .execute()
    expect(nobody).toEqual([])

    const grill = await inject('POST', '/admin/staff', {
      role: 'kitchen',
      name: 'Гриль',
      login: 'grill',
      pin: '4444',
    })
    expect(grill.statusCode).toBe(201)
    const list = await inject('GET', '/admin/staff')
    const staff = list.json<{ staff: unknown[] }>().staff.map((s) => adminStaffMember.parse(s))
    expect(staff.find((s) => s.id === manager.id)?.self).toBe(true)
    expect(staff.map((s) => s.login)).toEqual(expect.arrayContaining(['vera', 'grill', 'kitchen']))
    expect(JSON.stringify(list.json())).not.toMatch(/scrypt|secret/i)
  })

  it('a manager cannot deactivate themself; deactivating another signs them out', async () => {
    const self = await inject('PATCH', `/admin/staff/${manager.id}`, { active: false })
    expect(self.statusCode).toBe(409)
    expect(errorBody.parse(self.json()).error.code).toBe('cannot_deactivate_self')

    const vera = await signInAsManager(t.app, 'demo', 'vera', 'vera-password-1')
    const off = await inject('PATCH', `/admin/staff/${vera.manager.id}`, { active: false })
    expect(off.statusCode).toBe(200)
    expect(adminStaffMember.parse(off.json()).active).toBe(false)
    const me = await t.app.inject({ url: `${API}/admin/me`, headers: as(vera.token) })
    expect(me.statusCode).toBe(401)
    const entries = await auditOf(vera.manager.id)
    expect(entries.map((e) => e.action)).toEqual(['create', 'deactivate'])
    expect(entries[1]?.after).toEqual({
      id: vera.manager.id,
      role: 'manager',
      name: 'Вера',
      login: 'vera',
      active: false,
      createdAt: expect.any(String) as unknown,
    })
    expect(JSON.stringify(entries)).not.toMatch(/scrypt|vera-password/)
    expect(adminStaffMember.parse(off.json()).totpEnabled).toBe(false)
  })

  it("resets a kitchen login's PIN (its sessions end) but never a manager's", async () => {
    const grill = await signInAsKitchen(t.app, 'demo', 'grill', '4444')
    const reset = await inject('PUT', `/admin/staff/${grill.kitchen.id}/pin`, { pin: '5555' })
    expect(reset.statusCode).toBe(200)
    expect(reset.json()).toEqual({ signedOut: 1 })
    const me = await t.app.inject({
      url: `${API}/kitchen/me`,
      headers: as(grill.token, KITCHEN_TOKEN_HEADER),
    })
    expect(me.statusCode).toBe(401)
    expect((await signInAsKitchen(t.app, 'demo', 'grill', '5555')).kitchen.id).toBe(
      grill.kitchen.id,
    )
    const managers = await inject('PUT', `/admin/staff/${manager.id}/pin`, { pin: '5555' })
    expect(managers.statusCode).toBe(404)
    const deactivated = await inject('PATCH', `/admin/staff/${grill.kitchen.id}`, { active: false })
    expect(adminStaffMember.parse(deactivated.json()).active).toBe(false)
  })

  it("resets a colleague's password and TOTP with the manager's own password: audited, their sign-ins end", async () => {
    const created = await inject('POST', '/admin/staff', {
      role: 'manager',
      name: 'Ольга',
      login: 'olga',
      password: 'olga-password-1',
    })
    const olga = adminStaffMember.parse(created.json()).id
    const before = await signInAsManager(t.app, 'demo', 'olga', 'olga-password-1')
    // She turned a code on; then her phone is lost.
    await t.database.db
      .updateTable('staff')
      .set({ totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DP' })
      .where('id', '=', olga)
      .execute()
    const listed = (await inject('GET', '/admin/staff')).json<{ staff: unknown[] }>().staff
    const shown = listed.map((s) => adminStaffMember.parse(s)).find((s) => s.id === olga)
    expect(shown?.totpEnabled).toBe(true)

    const yourPassword = 'tableside-demo'
    const totp = await inject('DELETE', `/admin/staff/${olga}/totp`, { yourPassword })
    expect(totp.json()).toEqual({ signedOut: 1 })
    const me = await t.app.inject({ url: `${API}/admin/me`, headers: as(before.token) })
    expect(me.statusCode).toBe(401)

    const weak = await inject('PUT', `/admin/staff/${olga}/password`, {
      password: 'olga-olga-olga',
      yourPassword,
    })
    expect(weak.statusCode).toBe(400)
    expect(errorBody.parse(weak.json()).error.code).toBe('weak_password')
    const reset = await inject('PUT', `/admin/staff/${olga}/password`, {
      password: 'handed-over-2025',
      yourPassword,
    })
    expect(reset.json()).toEqual({ signedOut: 0 })
    const again = await signInAsManager(t.app, 'demo', 'olga', 'handed-over-2025')
    expect(again.manager.id).toBe(olga)

    const entries = await auditOf(olga)
    expect(entries.map((e) => [e.action, e.actorId])).toEqual([
      ['create', manager.id],
      ['reset_totp', manager.id],
      ['reset_password', manager.id],
    ])
    expect(entries[1]?.before).toMatchObject({ login: 'olga', totpEnabled: true })
    expect(entries[1]?.after).toMatchObject({ login: 'olga', totpEnabled: false })
    expect(JSON.stringify(entries)).not.toMatch(/scrypt|handed-over|JBSWY3DP/)

    // A kitchen login has a PIN, not a password or a code: no manager of that id is here.
    const { id: kitchenId } = await t.database.db
      .selectFrom('staff')
      .select('id')
      .where('restaurantId', '=', 'demo')
      .where('login', '=', 'kitchen')
      .executeTakeFirstOrThrow()
    const kitchenReset = await inject('DELETE', `/admin/staff/${kitchenId}/totp`, { yourPassword })
    expect(kitchenReset.statusCode).toBe(404)
  })

  it('gives a new waiter tables T7–T9: they move from the waiter who had them, both hear it, audited; bad input changes nothing', async () => {
    const created = await inject('POST', '/admin/waiters', {
      name: 'Ольга',
      login: 'olga',
      pin: '4444',
    })
    expect(created.statusCode).toBe(201)
    const olga = adminWaiter.parse(created.json())
    const igor = await waiterId('igor')
    const tablesOf = async (id: string) => {
      const list = (await inject('GET', '/admin/waiters')).json<{ waiters: unknown[] }>()
      const found = list.waiters.map((w) => adminWaiter.parse(w)).find((w) => w.id === id)
      return found?.tables.map((table) => table.code)
    }
    const igorBefore = (await tablesOf(igor)) ?? []
    expect(igorBefore).toEqual(expect.arrayContaining(['T7', 'T8', 'T9']))
    const told = async () =>
      (await t.database.db.selectFrom('outbox').select('payload').execute())
        .map((row) => row.payload as { channels: string[]; name: string; data: string })
        .filter((payload) => payload.name === 'garcon.tables-changed')
    const toldBefore = (await told()).length

    const assigned = await inject('PUT', `/admin/waiters/${olga.id}/tables`, {
      tableCodes: ['T7', 't8', 'T9'],
    })
    expect(assigned.statusCode).toBe(200)
    expect(adminWaiter.parse(assigned.json()).tables.map((table) => table.code)).toEqual([
      'T7',
      'T8',
      'T9',
    ])
    expect(await tablesOf(igor)).toEqual(
      igorBefore.filter((code) => !['T7', 'T8', 'T9'].includes(code)),
    )
    const heard = (await told()).slice(toldBefore)
    expect(heard).toEqual(
      expect.arrayContaining([
        {
          channels: [`private-garcon.${igor}`],
          name: 'garcon.tables-changed',
          data: JSON.stringify({ tableCodes: ['T7', 'T8', 'T9'], takenBy: null }),
        },
        {
          channels: [`private-garcon.${olga.id}`],
          name: 'garcon.tables-changed',
          data: JSON.stringify({ tableCodes: [], takenBy: null }),
        },
      ]),
    )
    // Her own app shows them at once.
    const signedIn = await signInAsWaiter(t.app, 'olga', '4444')
    const me = await t.app.inject({
      url: `${API}/garcon/me`,
      headers: { [GARCON_TOKEN_HEADER]: signedIn.token },
    })
    expect(me.json<{ tableCodes: string[] }>().tableCodes).toEqual(['T7', 'T8', 'T9'])
    const entries = (await auditOf(olga.id)).filter((e) => e.action === 'assign_tables')
    expect(entries).toHaveLength(1)

    // Refused, and nothing changes: an unknown table, a table twice, too many, a deactivated
    // waiter, another restaurant's manager, a waiter's token.
    const refusals: [string | null, string, object, number, string][] = [
      [manager.token, olga.id, { tableCodes: ['T7', 'T99'] }, 400, 'validation_failed'],
      [manager.token, olga.id, { tableCodes: ['T7', 't7'] }, 400, 'validation_failed'],
      [
        manager.token,
        olga.id,
        { tableCodes: Array.from({ length: 501 }, (_, i) => `X${String(i)}`) },
        400,
        'validation_failed',
      ],
      [manager.token, olga.id, { tableCodes: 'T7' }, 400, 'validation_failed'],
      [otherManager, olga.id, { tableCodes: ['B1'] }, 404, 'not_found'],
      [waiter, olga.id, { tableCodes: [] }, 401, 'unauthorized'],
    ]
    for (const [token, id, body, status, code] of refusals) {
      const answer = await inject('PUT', `/admin/waiters/${id}/tables`, body, token)
      expect(answer.statusCode, JSON.stringify(body).slice(0, 60)).toBe(status)
      expect(errorBody.parse(answer.json()).error.code).toBe(code)
    }
    expect(await tablesOf(olga.id)).toEqual(['T7', 'T8', 'T9'])
    await inject('PATCH', `/admin/waiters/${olga.id}`, { active: false })
    const inactive = await inject('PUT', `/admin/waiters/${olga.id}/tables`, { tableCodes: ['T1'] })
    expect(inactive.statusCode).toBe(409)
    expect(errorBody.parse(inactive.json()).error.code).toBe('waiter_inactive')
    expect(await tablesOf(olga.id)).toEqual([])
  })
})
