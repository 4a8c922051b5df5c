import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bonusCard, bonusProgram, getBonusCard } from '@tableside/contracts/bonus'
import { PROFILE_TOKEN_HEADER } from '@tableside/contracts/client'
import { errorBody } from '@tableside/contracts/errors'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import {
  addBonusProgram,
  addPendingPoints,
  createOrderingRestaurant,
  openTableSession,
  orderOlivierAt,
  signInAsWaiter,
} from '../../test/test-restaurants'
import { dinerToken } from '../client/test-client-app'

const DAY = 24 * 60 * 60 * 1000

// Issue 16, decision 0058: the diner registers a bonus card and reads it. The demo has the
// programme (5 % back, 30 % payable, 180 days, 200 welcome, 500 birthday); `plain` has none;
// `other` has its own.
describe.each(testDatabaseKinds)('The bonus card routes on $name', (kind) => {
  let t: TestApp
  const clock = { now: new Date('2026-11-24T12:00:00Z') }

  beforeAll(async () => {
    t = await createTestApp(
      kind,
      { SMS_PROVIDER: 'sandbox', RATE_LIMIT_EXEMPT: '127.0.0.1' },
      undefined,
      () => clock.now,
    )
    const tables = [{ code: 'T1', label: '1' }]
    await createOrderingRestaurant(t, 'plain', { tables, settings: {} })
    await createOrderingRestaurant(t, 'other', { tables, settings: {} })
    await addBonusProgram(t, 'other')
  })
  afterAll(async () => {
    await t.close()
  })

  let phones = 0
  /** A diner signed in with a code from the SMS sandbox: their profile token. */
  const signIn = async (): Promise<string> => {
    phones += 1
    const phone = `+7916555${String(phones).padStart(4, '0')}`
    return dinerToken(t, phone, { restaurantId: 'demo' })
  }
  const as = (token: string) => ({ [PROFILE_TOKEN_HEADER]: token })
  const register = (token: string | undefined, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/me/bonus-card',
      headers: token === undefined ? {} : as(token),
      payload: payload as Record<string, unknown>,
    })
  const cardOf = (token: string | undefined, restaurantId: string, headers = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/me/bonus-card?restaurantId=${encodeURIComponent(restaurantId)}`,
      headers: { ...(token === undefined ? {} : as(token)), ...headers },
    })
  const counts = async () =>
    (
      await sql<{ cards: number; entries: number }>`
        select (select count(*) from bonus_cards)::int as cards,
               (select count(*) from bonus_entries)::int as entries
      `.execute(t.database.db)
    ).rows[0]
  const errorCode = (response: { json: () => unknown }) =>
    errorBody.parse(response.json()).error.code
  /** The diner's card as the profile screen reads it: null before they register one. */
  const readCard = async (token: string, restaurantId: string) => {
    const response = await cardOf(token, restaurantId)
    expect(response.statusCode, response.body).toBe(200)
    return getBonusCard.response.parse(response.json()).card
  }

  it("tells the programme's rules in words and numbers, and 404 where there is none", async () => {
    const response = await t.app.inject('/api/v1/restaurants/demo/bonus-program')
    expect(response.statusCode, response.body).toBe(200)
    const program = bonusProgram.parse(response.json())
    expect(program).toMatchObject({
      earnBasisPoints: 500,
      maxShareBasisPoints: 3000,
      expiryDays: 180,
      welcomePoints: 200,
      birthdayPoints: 500,
    })
    expect(program.rules.ru.join(' ')).toContain('5 %')
    expect(program.rules.ru.join(' ')).toContain('30 %')
    expect(program.rules.ru.join(' ')).toContain('180 дней')
    expect(program.rules.en.join(' ')).toContain('200 points')

    const none = await t.app.inject('/api/v1/restaurants/plain/bonus-program')
    expect(none.statusCode).toBe(404)
    expect(errorCode(none)).toBe('not_found')
    const nowhere = await t.app.inject('/api/v1/restaurants/nowhere/bonus-program')
    expect(nowhere.statusCode).toBe(404)
    const garbage = await t.app.inject('/api/v1/restaurants/%00%ff/bonus-program')
    expect(garbage.statusCode).toBeGreaterThanOrEqual(400)
    expect(garbage.statusCode).toBeLessThan(500)
  })

  it('registers a card once, with the welcome points, and shows it with its ledger', async () => {
    const token = await signIn()
    expect(await readCard(token, 'demo')).toBeNull()

    const first = await register(token, { restaurantId: 'demo', acceptRules: true })
    expect(first.statusCode, first.body).toBe(200)
    const card = bonusCard.parse(first.json())
    expect(card.number).toMatch(/^[1-9]\d{11}$/)
    expect(card).toMatchObject({ restaurantId: 'demo', balance: 200, pending: 0 })
    expect(card.nextExpiry).toEqual({
      points: 200,
      at: new Date(clock.now.getTime() + 180 * DAY).toISOString(),
    })
    expect(card.entries).toEqual([
      expect.objectContaining({
        kind: 'welcome',
        points: 200,
        status: 'available',
        orderNumber: null,
        createdAt: clock.now.toISOString(),
      }),
    ])

    // Again (a double tap, a second phone): the same card, no second welcome.
    const counted = await counts()
    const again = await register(token, { restaurantId: 'demo', acceptRules: true })
    expect(again.statusCode, again.body).toBe(200)
    expect(bonusCard.parse(again.json())).toEqual(card)
    expect(await counts()).toEqual(counted)

    expect(await readCard(token, 'demo')).toEqual(card)
  })

  it('names the order an entry belongs to', async () => {
    const token = await signIn()
    const card = bonusCard.parse(
      (await register(token, { restaurantId: 'demo', acceptRules: true })).json(),
    )
    const placed = await orderOlivierAt(t.app, (await openTableSession(t, 'demo', 'T1')).id)
    expect(placed.statusCode, placed.body).toBe(201)
    const order = placed.json<{ id: string; number: number }>()
    await addPendingPoints(t, card.number, 61, { at: clock.now, orderId: order.id })
    const read = bonusCard.parse(await readCard(token, 'demo'))
    expect(read.pending).toBe(61)
    expect(read.entries[0]).toMatchObject({
      kind: 'earn',
      points: 61,
      status: 'pending',
      orderNumber: order.number,
    })
  })

  it('refuses without accepting the rules, without a programme, and changes nothing', async () => {
    const token = await signIn()
    const counted = await counts()
    for (const payload of [
      { restaurantId: 'demo' },
      { restaurantId: 'demo', acceptRules: false },
      { restaurantId: 'demo', acceptRules: 'true' },
      { acceptRules: true },
      { restaurantId: 'DEMO; drop table bonus_cards', acceptRules: true },
      [],
    ]) {
      const refused = await register(token, payload)
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400)
    }
    const off = await register(token, { restaurantId: 'plain', acceptRules: true })
    expect(off.statusCode, off.body).toBe(409)
    expect(errorCode(off)).toBe('bonus_program_off')
    const nowhere = await register(token, { restaurantId: 'nowhere', acceptRules: true })
    expect(nowhere.statusCode, nowhere.body).toBe(409)
    expect(await counts()).toEqual(counted)
    expect(await readCard(token, 'demo')).toBeNull()
  })

  it('answers 401 without a diner: no token, a wrong one, a waiter’s', async () => {
    const owner = await signIn()
    expect((await register(owner, { restaurantId: 'demo', acceptRules: true })).statusCode).toBe(
      200,
    )
    const waiter = (await signInAsWaiter(t.app, 'anna', '1111')).token
    const counted = await counts()
    for (const response of [
      await cardOf(undefined, 'demo'),
      await cardOf('x'.repeat(43), 'demo'),
      await cardOf(waiter, 'demo'),
      await cardOf(undefined, 'demo', { 'x-garcon-token': waiter }),
      await register(undefined, { restaurantId: 'demo', acceptRules: true }),
      await register(waiter, { restaurantId: 'demo', acceptRules: true }),
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/me/bonus-card',
        headers: { 'x-garcon-token': waiter },
        payload: { restaurantId: 'demo', acceptRules: true },
      }),
      // The cookie alone signs no one in (DESIGN §4).
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/me/bonus-card?restaurantId=demo',
        cookies: { profile_token: owner },
      }),
    ]) {
      expect(response.statusCode, response.body).toBe(401)
      expect(response.body).not.toMatch(/\d{12}/)
    }
    expect(await counts()).toEqual(counted)
  })

  it("never shows another diner's card, nor one at another restaurant", async () => {
    const ira = await signIn()
    const oleg = await signIn()
    const iras = bonusCard.parse(
      (await register(ira, { restaurantId: 'demo', acceptRules: true })).json(),
    )
    const olegs = await cardOf(oleg, 'demo')
    expect(olegs.statusCode).toBe(200)
    expect(olegs.json()).toEqual({ card: null })

    // Ira's card at the demo is not her card at `other`: there she has none until she registers.
    expect(await readCard(ira, 'other')).toBeNull()
    const there = bonusCard.parse(
      (await register(ira, { restaurantId: 'other', acceptRules: true })).json(),
    )
    expect(there.number).not.toBe(iras.number)
    expect(there).toMatchObject({ restaurantId: 'other', balance: 50 })
    expect((await readCard(ira, 'demo'))?.number).toBe(iras.number)

    // Oleg registering gets his own card, never Ira's.
    const his = bonusCard.parse(
      (await register(oleg, { restaurantId: 'demo', acceptRules: true })).json(),
    )
    expect(his.number).not.toBe(iras.number)
    expect(his.entries.map((entry) => entry.id)).not.toContain(iras.entries[0]?.id)

    for (const query of [
      '',
      '?restaurantId=',
      '?restaurantId=%00',
      `?restaurantId=${'a'.repeat(500)}`,
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/me/bonus-card${query}`,
        headers: as(ira),
      })
      expect(response.statusCode, query).toBeGreaterThanOrEqual(400)
      expect(response.statusCode, query).toBeLessThan(500)
      expect(response.body).not.toContain(iras.number)
    }
  })
})
