import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  adminSettings,
  adminSmsBudget,
  SMS_DAILY_BUDGET_DEFAULT,
  type AdminSettings,
} from '@tableside/contracts/admin-settings'
import { errorBody } from '@tableside/contracts/errors'
import { MANAGER_TOKEN_HEADER } from '@tableside/contracts/staff'
import { testDatabaseKinds } from '../../test/test-database'
import { addManager, signInAsManager } from '../../test/test-restaurants'
import { SmsSendError } from './sms-provider'
import { askCode, startClientApp, type ClientTestApp } from './test-client-app'

const API = '/api/v1'
const errorOf = (response: { json: () => unknown }) => errorBody.parse(response.json()).error

let serial = 0
/** Distinct real Moscow mobile numbers: an attacker rotating numbers, each number's own caps never met. */
const rotatedPhones = (count: number) =>
  Array.from({ length: count }, () => `+7917${String(1_000_000 + ++serial).padStart(7, '0')}`)

/** Issue 27: "SMS pumping" — a daily budget of codes per restaurant and for the whole server. */
describe.each(testDatabaseKinds)('SMS budgets on $name', (kind) => {
  let t: ClientTestApp
  const managers: Record<string, string> = {}

  beforeAll(async () => {
    t = await startClientApp(kind)
    for (const restaurantId of ['bistro', 'other']) {
      await addManager(t, restaurantId, 'boss', 'budget-password')
    }
  })
  afterAll(async () => {
    await t.close()
  })

  /** The app's clock set to `iso`, and the managers signed in at that time. */
  async function at(iso: string): Promise<void> {
    t.clock.now = new Date(iso)
    for (const restaurantId of ['bistro', 'other']) {
      managers[restaurantId] = (
        await signInAsManager(t.app, restaurantId, 'boss', 'budget-password')
      ).token
    }
  }

  /** The gateway's sends, counted while they go through it unchanged. */
  const gatewaySends = () => vi.spyOn(t.sandbox, 'send')

  const asManager = (restaurantId: string) => ({
    [MANAGER_TOKEN_HEADER]: managers[restaurantId] ?? '',
  })

  /** The manager saves the settings with a new daily budget and, if given, a new time zone. */
  async function saveSettings(
    restaurantId: string,
    change: { smsDailyBudget?: number; timezone?: string },
  ): Promise<AdminSettings> {
    const read = await t.app.inject({
      url: `${API}/admin/settings`,
      headers: asManager(restaurantId),
    })
    const current = adminSettings.parse(read.json())
    const saved = await t.app.inject({
      method: 'PUT',
      url: `${API}/admin/settings`,
      headers: asManager(restaurantId),
      payload: {
        version: current.version,
        timezone: current.timezone,
        openingHours: current.openingHours,
        settings: current.settings,
        callEscalationSeconds: current.callEscalationSeconds,
        bonusProgram: current.bonusProgram,
        smsDailyBudget: current.smsDailyBudget,
        ...change,
      },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    return adminSettings.parse(saved.json())
  }

  const usage = async (restaurantId: string) => {
    const response = await t.app.inject({
      url: `${API}/admin/sms-budget`,
      headers: asManager(restaurantId),
    })
    expect(response.statusCode, response.body).toBe(200)
    return adminSmsBudget.parse(response.json())
  }

  const budgetAlerts = (restaurantId: string) =>
    t.database.db
      .selectFrom('auditLog')
      .select(['action', 'entityId', 'actorName', 'after'])
      .where('restaurantId', '=', restaurantId)
      .where('entity', '=', 'sms_budget')
      .orderBy('id')
      .execute()

  const ask = (phones: readonly string[], restaurantId = 'bistro') =>
    Promise.all(phones.map((phone) => askCode(t, phone, { restaurantId })))

  it('stops numbers rotated from one address at the default daily budget: nothing more is sent, codes stay unplaced', async () => {
    await at('2027-01-11T09:00:00Z')
    expect((await usage('bistro')).restaurant).toEqual({
      day: '2027-01-11',
      sent: 0,
      budget: SMS_DAILY_BUDGET_DEFAULT,
    })
    const sends = gatewaySends()
    const phones = rotatedPhones(SMS_DAILY_BUDGET_DEFAULT + 5)
    const statuses: number[] = []
    for (const phone of phones) {
      const asked = await askCode(t, phone)
      statuses.push(asked.statusCode)
    }
    expect(statuses.filter((status) => status === 202)).toHaveLength(SMS_DAILY_BUDGET_DEFAULT)
    expect(statuses.slice(SMS_DAILY_BUDGET_DEFAULT)).toEqual([429, 429, 429, 429, 429])
    expect(sends).toHaveBeenCalledTimes(SMS_DAILY_BUDGET_DEFAULT)
    sends.mockRestore()

    const refused = await askCode(t, rotatedPhones(1)[0] ?? '')
    expect(refused.statusCode).toBe(429)
    expect(errorOf(refused).code).toBe('sms_budget_spent')
    expect(errorOf(refused).message).toMatch(/today.*Сегодня/s)
    // Until midnight in Moscow (UTC+3): 12:00 now, 12 hours left.
    expect(refused.headers['retry-after']).toBe(String(12 * 60 * 60))
    const unplaced = await t.database.db
      .selectFrom('clientSignInCodes')
      .select('phone')
      .where('phone', 'in', phones.slice(SMS_DAILY_BUDGET_DEFAULT))
      .execute()
    expect(unplaced).toEqual([])
    const sendsLogged = await t.database.db
      .selectFrom('clientSignInSends')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('phone', 'in', phones)
      .executeTakeFirstOrThrow()
    expect(Number(sendsLogged.count)).toBe(SMS_DAILY_BUDGET_DEFAULT)
    expect((await usage('bistro')).restaurant.sent).toBe(SMS_DAILY_BUDGET_DEFAULT)

    // The budget is the restaurant's: the other one still sends.
    expect((await ask(rotatedPhones(1), 'other'))[0]?.statusCode).toBe(202)
    expect((await usage('other')).restaurant.sent).toBe(1)
  })

  it('sends exactly the budget when 50 codes are asked for at once', async () => {
    await at('2027-01-12T09:00:00Z')
    await saveSettings('bistro', { smsDailyBudget: 10 })
    const sends = gatewaySends()
    const answers = await ask(rotatedPhones(50))
    const sent = sends.mock.calls.length
    sends.mockRestore()
    const statuses = answers.map((answer) => answer.statusCode)
    expect(statuses.filter((status) => status === 202)).toHaveLength(10)
    expect(statuses.filter((status) => status === 429)).toHaveLength(40)
    for (const answer of answers.filter((a) => a.statusCode === 429)) {
      expect(errorOf(answer).code).toBe('sms_budget_spent')
    }
    expect(sent).toBe(10)
    expect((await usage('bistro')).restaurant).toMatchObject({ sent: 10, budget: 10 })
  })

  it('refuses a budget out of bounds, changing nothing', async () => {
    await at('2027-01-12T10:00:00Z')
    const read = await t.app.inject({ url: `${API}/admin/settings`, headers: asManager('bistro') })
    const current = adminSettings.parse(read.json())
    for (const smsDailyBudget of [0, -1, 10_001, 2.5, '20', null]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `${API}/admin/settings`,
        headers: asManager('bistro'),
        payload: {
          version: current.version,
          timezone: current.timezone,
          openingHours: current.openingHours,
          settings: current.settings,
          callEscalationSeconds: current.callEscalationSeconds,
          bonusProgram: current.bonusProgram,
          smsDailyBudget,
        },
      })
      expect(response.statusCode, String(smsDailyBudget)).toBe(400)
      expect(errorOf(response).fields?.map((field) => field.path)).toEqual(['body.smsDailyBudget'])
    }
    const after = adminSettings.parse(
      (await t.app.inject({ url: `${API}/admin/settings`, headers: asManager('bistro') })).json(),
    )
    expect(after).toEqual(current)
  })

  it('tells the managers once when 80 % of the day is used and once when all is, and shows the count', async () => {
    await at('2027-01-13T09:00:00Z')
    await saveSettings('bistro', { smsDailyBudget: 10 })
    const before = (await budgetAlerts('bistro')).length
    await ask(rotatedPhones(7))
    expect((await usage('bistro')).restaurant).toMatchObject({ sent: 7, budget: 10 })
    expect(await budgetAlerts('bistro')).toHaveLength(before)

    expect((await ask(rotatedPhones(1)))[0]?.statusCode).toBe(202)
    const nearly = (await budgetAlerts('bistro')).slice(before)
    expect(nearly).toEqual([
      {
        action: 'nearly_spent',
        entityId: 'restaurant',
        actorName: 'Tableside',
        after: { day: '2027-01-13', sent: 8, budget: 10 },
      },
    ])
    await ask(rotatedPhones(1))
    expect(await budgetAlerts('bistro')).toHaveLength(before + 1)
    await ask(rotatedPhones(3))
    const spent = (await budgetAlerts('bistro')).slice(before)
    expect(spent.map((alert) => alert.action)).toEqual(['nearly_spent', 'spent'])
    expect(spent[1]?.after).toEqual({ day: '2027-01-13', sent: 10, budget: 10 })
    // The other restaurant's managers hear nothing of it.
    expect(
      (await budgetAlerts('other')).filter((alert) => alert.entityId === 'restaurant'),
    ).toEqual([])
  })

  it('gives the count back when the gateway refused the code, and keeps it when it may have sent it', async () => {
    await at('2027-01-14T09:00:00Z')
    await saveSettings('bistro', { smsDailyBudget: 2 })
    // A gateway that timed out may have sent, and billed, the message: it stays counted, or a
    // slow gateway would send past every budget.
    const timingOut = vi
      .spyOn(t.sandbox, 'send')
      .mockRejectedValue(new SmsSendError('SMS.ru did not answer within 10000 ms'))
    const [uncertain] = rotatedPhones(1)
    expect(errorOf(await askCode(t, uncertain ?? '')).code).toBe('sms_unavailable')
    timingOut.mockRestore()
    expect((await usage('bistro')).restaurant.sent).toBe(1)
    await saveSettings('bistro', { smsDailyBudget: 3 })

    const failing = vi
      .spyOn(t.sandbox, 'send')
      .mockRejectedValue(new SmsSendError('refused', { notSent: true }))
    const answers = []
    // One after another: a code in flight is counted until its gateway answers.
    for (const phone of rotatedPhones(3)) answers.push(await askCode(t, phone))
    failing.mockRestore()
    expect(answers.map((answer) => errorOf(answer).code)).toEqual([
      'sms_unavailable',
      'sms_unavailable',
      'sms_unavailable',
    ])
    expect((await usage('bistro')).restaurant.sent).toBe(1)
    expect((await ask(rotatedPhones(2))).map((answer) => answer.statusCode)).toEqual([202, 202])
  })

  it("starts a new day at midnight in the restaurant's time zone", async () => {
    // 23:50 in Vladivostok (UTC+10), 16:50 in Moscow.
    await at('2027-01-15T13:50:00Z')
    await saveSettings('bistro', { smsDailyBudget: 2, timezone: 'Asia/Vladivostok' })
    await saveSettings('other', { smsDailyBudget: 2 })
    await ask(rotatedPhones(2))
    await ask(rotatedPhones(2), 'other')
    const late = (await ask(rotatedPhones(1)))[0]
    expect(late?.statusCode).toBe(429)
    expect(late?.headers['retry-after']).toBe(String(10 * 60))
    expect((await usage('bistro')).restaurant.day).toBe('2027-01-15')

    t.clock.now = new Date('2027-01-15T14:00:30Z')
    expect((await usage('bistro')).restaurant).toMatchObject({ day: '2027-01-16', sent: 0 })
    expect((await ask(rotatedPhones(1)))[0]?.statusCode).toBe(202)
    // Still 17:00 of the same day in Moscow.
    expect((await ask(rotatedPhones(1), 'other'))[0]?.statusCode).toBe(429)
  })

  it('lets only a manager of the restaurant read its count', async () => {
    expect((await t.app.inject({ url: `${API}/admin/sms-budget` })).statusCode).toBe(401)
    const waiter = await t.app.inject({
      url: `${API}/admin/sms-budget`,
      headers: { [MANAGER_TOKEN_HEADER]: 'x'.repeat(43) },
    })
    expect(waiter.statusCode).toBe(401)
  })
})

describe.each(testDatabaseKinds)('The whole server’s SMS budget on $name', (kind) => {
  let t: ClientTestApp
  let manager: string
  beforeAll(async () => {
    t = await startClientApp(kind, { env: { SMS_DAILY_BUDGET: '5' } })
    await addManager(t, 'bistro', 'boss', 'budget-password')
  })
  afterAll(async () => {
    await t.close()
  })

  it('stops every restaurant once the server has sent its day’s budget, counted by UTC day, and tells each restaurant’s managers', async () => {
    t.clock.now = new Date('2027-02-01T20:00:00Z')
    manager = (await signInAsManager(t.app, 'bistro', 'boss', 'budget-password')).token
    const sends = vi.spyOn(t.sandbox, 'send')
    const bistro = await Promise.all(
      rotatedPhones(3).map((phone) => askCode(t, phone, { restaurantId: 'bistro' })),
    )
    const other = await Promise.all(
      rotatedPhones(4).map((phone) => askCode(t, phone, { restaurantId: 'other' })),
    )
    const sent = sends.mock.calls.length
    sends.mockRestore()
    expect(sent).toBe(5)
    const refused = [...bistro, ...other].filter((answer) => answer.statusCode !== 202)
    expect(refused).toHaveLength(2)
    for (const answer of refused) {
      expect(answer.statusCode).toBe(429)
      expect(errorOf(answer).code).toBe('sms_budget_spent')
      // Until midnight UTC.
      expect(answer.headers['retry-after']).toBe(String(4 * 60 * 60))
    }
    const seen = adminSmsBudget.parse(
      (
        await t.app.inject({
          url: `${API}/admin/sms-budget`,
          headers: { [MANAGER_TOKEN_HEADER]: manager },
        })
      ).json(),
    )
    expect(seen.server).toEqual({ day: '2027-02-01', sent: 5, budget: 5 })
    // A refusal by the server's budget takes nothing of the restaurant's.
    expect(seen.restaurant.sent).toBe(bistro.filter((answer) => answer.statusCode === 202).length)

    for (const restaurantId of ['demo', 'bistro', 'other']) {
      const alerts = await t.database.db
        .selectFrom('auditLog')
        .select(['action', 'entityId'])
        .where('restaurantId', '=', restaurantId)
        .where('entity', '=', 'sms_budget')
        .orderBy('id')
        .execute()
      expect(alerts, restaurantId).toEqual([
        { action: 'nearly_spent', entityId: 'server' },
        { action: 'spent', entityId: 'server' },
      ])
    }

    t.clock.now = new Date('2027-02-02T00:00:01Z')
    expect((await askCode(t, rotatedPhones(1)[0] ?? '')).statusCode).toBe(202)
  })
})
