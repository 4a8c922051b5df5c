import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import {
  adminSettings,
  timeZoneList,
  type AdminSettings,
  type AdminSettingsBody,
} from '@tableside/contracts/admin-settings'
import { errorBody } from '@tableside/contracts/errors'
import { GARCON_TOKEN_HEADER } from '@tableside/contracts/garcon'
import { restaurant as restaurantProfile } from '@tableside/contracts/restaurants'
import { KITCHEN_TOKEN_HEADER, MANAGER_TOKEN_HEADER } from '@tableside/contracts/staff'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import {
  addManager,
  createOrderingRestaurant,
  managerResource,
  signInAsKitchen,
  signInAsManager,
  signInAsWaiter,
} from '../../test/test-restaurants'

const API = '/api/v1'

/** What a save sends: the settings without what the server alone decides, and the version read. */
const bodyOf = (settings: AdminSettings): AdminSettingsBody => ({
  version: settings.version,
  timezone: settings.timezone,
  openingHours: settings.openingHours,
  settings: settings.settings,
  callEscalationSeconds: settings.callEscalationSeconds,
  bonusProgram: settings.bonusProgram,
  smsDailyBudget: settings.smsDailyBudget,
})

// Decision 0069: the restaurant's settings as its manager edits them.
describe.each(testDatabaseKinds)("A manager edits the restaurant's settings on $name", (kind) => {
  let t: TestApp
  let manager: string
  let otherManager: string
  let saved: AdminSettingsBody

  const { get, put } = managerResource(
    () => t.app,
    '/admin/settings',
    () => manager,
  )
  const timeZones = (token: string | null = manager, header = MANAGER_TOKEN_HEADER) =>
    t.app.inject({
      url: `${API}/admin/settings/time-zones`,
      headers: token === null ? {} : { [header]: token },
    })
  const profile = async (id = 'demo') =>
    restaurantProfile.parse((await t.app.inject({ url: `${API}/restaurants/${id}` })).json())
  const settingsAudit = () =>
    t.database.db
      .selectFrom('auditLog')
      .selectAll()
      .where('entity', '=', 'settings')
      .orderBy('id')
      .execute()

  beforeAll(async () => {
    t = await createTestApp(kind)
    manager = (await signInAsManager(t.app)).token
    await createOrderingRestaurant(t, 'bistro', { tables: [{ code: 'B1', label: 'B1' }] })
    await addManager(t, 'bistro', 'boss', 'bistro-password')
    otherManager = (await signInAsManager(t.app, 'bistro', 'boss', 'bistro-password')).token
    const body = bodyOf(adminSettings.parse((await get()).json()))
    saved = body
  })
  afterAll(async () => {
    await t.close()
  })

  it('shows where every setting lives today, the demo’s programme and provider among them', async () => {
    const response = await get()
    expect(response.statusCode).toBe(200)
    const settings = adminSettings.parse(response.json())
    expect(settings).toMatchObject({
      timezone: 'Europe/Moscow',
      paymentProvider: 'sandbox',
      bonusProgram: { active: true, earnBasisPoints: 500, maxShareBasisPoints: 3000 },
    })
    expect(settings.settings.tipPresetsPercent.length).toBeGreaterThan(0)
    expect(settings.openingHours.length).toBeGreaterThan(0)
  })

  it('refuses a waiter, the kitchen, no token; another manager edits their own restaurant only', async () => {
    const waiter = (await signInAsWaiter(t.app, 'igor', '2222')).token
    const kitchen = (await signInAsKitchen(t.app)).token
    for (const [token, header] of [
      [null, MANAGER_TOKEN_HEADER],
      [waiter, GARCON_TOKEN_HEADER],
      [kitchen, KITCHEN_TOKEN_HEADER],
      [waiter, MANAGER_TOKEN_HEADER],
      [kitchen, MANAGER_TOKEN_HEADER],
    ] as const) {
      expect((await get(token, header)).statusCode).toBe(401)
      const refused = await put({ ...saved, callEscalationSeconds: 11 }, token, header)
      expect(refused.statusCode).toBe(401)
      expect(errorBody.parse(refused.json()).error.code).toBe('unauthorized')
    }
    const bistro = adminSettings.parse((await get(otherManager)).json())
    expect(bistro.bonusProgram).toBeNull()
    const theirs = bodyOf(bistro)
    const changed = await put({ ...theirs, callEscalationSeconds: 11 }, otherManager)
    expect(changed.statusCode).toBe(200)
    const demo = adminSettings.parse((await get()).json())
    expect(demo.callEscalationSeconds).toBe(saved.callEscalationSeconds)
  })

  it('takes effect at once: the diners’ profile, the cache and open screens follow, with an audit entry', async () => {
    // The profile is cached: read it first so a stale copy would show.
    expect((await profile()).settings.tipPresetsPercent).toEqual(saved.settings.tipPresetsPercent)
    const next: AdminSettingsBody = {
      ...saved,
      timezone: 'Asia/Yekaterinburg',
      openingHours: [
        { day: 5, opens: '18:00', closes: '02:00' },
        { day: 6, opens: '12:00', closes: '23:00' },
      ],
      settings: {
        ...saved.settings,
        tipPresetsPercent: [7, 12, 20],
        serviceChargeBasisPoints: 500,
        tableSessionMinutes: 90,
        privacyPolicyUrl: 'https://samovar.example/privacy',
        kitchenBeforeOnlinePayment: true,
        kitchenLeadMinutes: 90,
      },
      callEscalationSeconds: 45,
      bonusProgram: saved.bonusProgram && { ...saved.bonusProgram, earnBasisPoints: 700 },
    }
    const response = await put(next)
    expect(response.statusCode).toBe(200)
    const { version, ...changed } = next
    expect(adminSettings.parse(response.json())).toMatchObject({
      ...changed,
      paymentProvider: 'sandbox',
    })
    expect(adminSettings.parse(response.json()).version).not.toBe(version)
    const diners = await profile()
    expect(diners.timezone).toBe('Asia/Yekaterinburg')
    expect(diners.settings.tipPresetsPercent).toEqual([7, 12, 20])
    expect(diners.settings.privacyPolicyUrl).toBe('https://samovar.example/privacy')
    expect(diners.settings.kitchenBeforeOnlinePayment).toBe(true)
    expect(diners.settings.kitchenLeadMinutes).toBe(90)
    const row = await t.database.db
      .selectFrom('restaurants')
      .select('callEscalationSeconds')
      .where('id', '=', 'demo')
      .executeTakeFirstOrThrow()
    expect(row.callEscalationSeconds).toBe(45)
    const program = await t.database.db
      .selectFrom('bonusPrograms')
      .select('earnBasisPoints')
      .where('restaurantId', '=', 'demo')
      .executeTakeFirstOrThrow()
    expect(program.earnBasisPoints).toBe(700)
    // Open screens hear the new profile: `restaurant.updated` was written with the change.
    const outbox = await t.database.db.selectFrom('outbox').select('payload').execute()
    const published = outbox
      .map((row) => row.payload as { name?: string; channels?: string[]; data?: string })
      .filter(
        (payload) =>
          payload.name === 'restaurant.updated' && payload.channels?.includes('restaurant.demo'),
      )
    expect(published).toHaveLength(1)
    expect(
      restaurantProfile.parse(JSON.parse(published[0]?.data ?? '{}')).settings.tipPresetsPercent,
    ).toEqual([7, 12, 20])
    const [entry] = (await settingsAudit()).slice(-1)
    expect(entry).toMatchObject({ action: 'update', entity: 'settings', entityId: 'demo' })
  })

  it('says which field is wrong and changes nothing', async () => {
    const before = adminSettings.parse((await get()).json())
    const entries = (await settingsAudit()).length
    const current = bodyOf(before)
    const cases: [body: object, path: string][] = [
      [{ ...current, timezone: 'Mars/Olympus' }, 'body.timezone'],
      [
        {
          ...current,
          openingHours: [
            { day: 5, opens: '18:00', closes: '03:00' },
            { day: 6, opens: '02:00', closes: '12:00' },
          ],
        },
        'body.openingHours.1.opens',
      ],
      [
        { ...current, openingHours: [{ day: 1, opens: '10:00', closes: '09:00' }] },
        'body.openingHours.0.closes',
      ],
      [
        { ...current, openingHours: [{ day: 1, opens: '25:00', closes: '09:00' }] },
        'body.openingHours.0.opens',
      ],
      [
        { ...current, settings: { ...current.settings, tipPresetsPercent: [5, 5] } },
        'body.settings.tipPresetsPercent',
      ],
      [
        { ...current, settings: { ...current.settings, tipPresetsPercent: [80] } },
        'body.settings.tipPresetsPercent.0',
      ],
      [
        { ...current, settings: { ...current.settings, orderTypes: [] } },
        'body.settings.orderTypes',
      ],
      [
        { ...current, settings: { ...current.settings, privacyPolicyUrl: 'http://x.example' } },
        'body.settings.privacyPolicyUrl',
      ],
      [
        { ...current, settings: { ...current.settings, kitchenBeforeOnlinePayment: 'yes' } },
        'body.settings.kitchenBeforeOnlinePayment',
      ],
      [
        {
          ...current,
          settings: { ...current.settings, kitchenBeforeOnlinePayment: undefined },
        },
        'body.settings.kitchenBeforeOnlinePayment',
      ],
      [
        { ...current, settings: { ...current.settings, kitchenLeadMinutes: 4 } },
        'body.settings.kitchenLeadMinutes',
      ],
      [
        { ...current, settings: { ...current.settings, kitchenLeadMinutes: 481 } },
        'body.settings.kitchenLeadMinutes',
      ],
      [
        { ...current, settings: { ...current.settings, kitchenLeadMinutes: 30.5 } },
        'body.settings.kitchenLeadMinutes',
      ],
      [{ ...current, callEscalationSeconds: 5 }, 'body.callEscalationSeconds'],
      [
        { ...current, bonusProgram: { ...current.bonusProgram, expiryDays: 0 } },
        'body.bonusProgram.expiryDays',
      ],
    ]
    for (const [body, path] of cases) {
      const response = await put(body)
      expect(response.statusCode, path).toBe(400)
      const { error } = errorBody.parse(response.json())
      expect(error.code).toBe('validation_failed')
      expect(error.fields?.map((field) => field.path)).toContain(path)
    }
    expect(adminSettings.parse((await get()).json())).toEqual(before)
    expect(await settingsAudit()).toHaveLength(entries)
  })

  it('switching the bonus programme off keeps its rules, off', async () => {
    const current = bodyOf(adminSettings.parse((await get()).json()))
    const response = await put({ ...current, bonusProgram: null })
    expect(response.statusCode).toBe(200)
    expect(adminSettings.parse(response.json()).bonusProgram).toMatchObject({
      active: false,
      earnBasisPoints: 700,
    })
  })
  // Decision 0074: a save names the version it was made from; a stale one changes nothing.
  it('two managers save at once: the one who edited an older version is told, and changes nothing', async () => {
    await addManager(t, 'demo', 'vera', 'vera-password-1')
    const second = (await signInAsManager(t.app, 'demo', 'vera', 'vera-password-1')).token
    const seen = adminSettings.parse((await get()).json())
    const seenBySecond = adminSettings.parse((await get(second)).json())
    expect(seenBySecond.version).toBe(seen.version)
    const entries = (await settingsAudit()).length

    const first = await put({ ...bodyOf(seen), callEscalationSeconds: 33 })
    expect(first.statusCode).toBe(200)
    const firstVersion = adminSettings.parse(first.json()).version
    expect(firstVersion).not.toBe(seen.version)
    // The second manager saves what they saw with their own change: it would undo the first's.
    const stale = await put(
      {
        ...bodyOf(seenBySecond),
        settings: { ...seenBySecond.settings, tipPresetsPercent: [3] },
      },
      second,
    )
    expect(stale.statusCode).toBe(409)
    expect(errorBody.parse(stale.json()).error.code).toBe('settings_changed')

    const now = adminSettings.parse((await get()).json())
    expect(now.callEscalationSeconds).toBe(33)
    expect(now.settings.tipPresetsPercent).toEqual(seen.settings.tipPresetsPercent)
    expect(now.version).toBe(firstVersion)
    expect(await settingsAudit()).toHaveLength(entries + 1)
    // Made again from the fresh version, the second manager's change goes through.
    const again = await put(
      { ...bodyOf(now), settings: { ...now.settings, tipPresetsPercent: [3] } },
      second,
    )
    expect(again.statusCode).toBe(200)
    expect(adminSettings.parse(again.json())).toMatchObject({
      callEscalationSeconds: 33,
      settings: { tipPresetsPercent: [3] },
    })
  })

  it('two saves of one version at the same instant: one is kept, the other refused', async () => {
    const seen = adminSettings.parse((await get()).json())
    const responses = await Promise.all([
      put({ ...bodyOf(seen), callEscalationSeconds: 41 }),
      put({ ...bodyOf(seen), callEscalationSeconds: 42 }),
    ])
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409])
    const kept = responses.find((response) => response.statusCode === 200)
    const now = adminSettings.parse((await get()).json())
    expect(now).toEqual(adminSettings.parse(kept?.json()))
  })

  it('a save that does not say which version it changes is refused on body.version', async () => {
    const before = adminSettings.parse((await get()).json())
    const unversioned = Object.fromEntries(
      Object.entries(bodyOf(before)).filter(([key]) => key !== 'version'),
    )
    for (const body of [unversioned, { ...unversioned, version: '' }]) {
      const response = await put({ ...body, callEscalationSeconds: 99 })
      expect(response.statusCode).toBe(400)
      const { error } = errorBody.parse(response.json())
      expect(error.fields?.map((field) => field.path)).toContain('body.version')
    }
    const made = await put({ ...bodyOf(before), version: 'made-up', callEscalationSeconds: 99 })
    expect(made.statusCode).toBe(409)
    expect(adminSettings.parse((await get()).json())).toEqual(before)
  })

  it('refuses a time zone the runtime knows but the database does not (US/Pacific-New)', async () => {
    expect(() => new Intl.DateTimeFormat('en', { timeZone: 'US/Pacific-New' })).not.toThrow()
    const before = adminSettings.parse((await get()).json())
    const response = await put({ ...bodyOf(before), timezone: 'US/Pacific-New' })
    expect(response.statusCode).toBe(400)
    const { error } = errorBody.parse(response.json())
    expect(error.fields?.map((field) => field.path)).toEqual(['body.timezone'])
    expect(adminSettings.parse((await get()).json())).toEqual(before)
  })

  it('offers exactly the time zones a save takes, each one the database knows', async () => {
    for (const [token, header] of [
      [null, MANAGER_TOKEN_HEADER],
      [(await signInAsKitchen(t.app)).token, KITCHEN_TOKEN_HEADER],
      [(await signInAsKitchen(t.app)).token, MANAGER_TOKEN_HEADER],
    ] as const) {
      expect((await timeZones(token, header)).statusCode).toBe(401)
    }
    const response = await timeZones()
    expect(response.statusCode).toBe(200)
    const list = timeZoneList.parse(response.json()).timeZones
    expect(list).toContain('Europe/Moscow')
    expect(list).toContain('UTC')
    expect(list).not.toContain('US/Pacific-New')
    expect([...list].sort()).toEqual(list)
    const known = await sql<{ count: number }>`
      select count(*)::int as count from pg_timezone_names where name = any(${list})
    `.execute(t.database.db)
    expect(known.rows[0]?.count).toBe(list.length)
    // One of them, saved, answers as any other.
    const before = adminSettings.parse((await get()).json())
    const zone = list.find((name) => name.startsWith('America/')) ?? 'UTC'
    const saved = await put({ ...bodyOf(before), timezone: zone })
    expect(saved.statusCode).toBe(200)
    expect(adminSettings.parse(saved.json()).timezone).toBe(zone)
  })
})
