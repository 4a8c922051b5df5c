import { randomInt } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bonusCard, garconBonusCard } from '@tableside/contracts/bonus'
import { PROFILE_TOKEN_HEADER } from '@tableside/contracts/client'
import { errorBody } from '@tableside/contracts/errors'
import { GARCON_TOKEN_HEADER } from '@tableside/contracts/garcon'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import {
  addBonusProgram,
  addPendingPoints,
  signInAsWaiter,
  signInWaitersOfTwoRestaurants,
  type SignedInWaiter,
} from '../../test/test-restaurants'
import { dinerToken } from '../client/test-client-app'
import { firstNameOf, maskedPhone } from './bonus-lookup-service'

const DAY = 24 * 60 * 60 * 1000

/** An address no other test used, so each starts with its own rate-limit counts. */
const freshAddress = () =>
  `10.${String(randomInt(256))}.${String(randomInt(256))}.${String(randomInt(1, 255))}`

describe('What a waiter is told of the diner', () => {
  it('is the first name and the last four digits of the phone', () => {
    expect(firstNameOf('  Ирина   Петрова ')).toBe('Ирина')
    expect(firstNameOf('Oleg')).toBe('Oleg')
    expect(firstNameOf(null)).toBeNull()
    expect(firstNameOf('   ')).toBeNull()
    expect(maskedPhone('+79161234567')).toBe('+7 ••• •••-45-67')
    expect(maskedPhone('+447911123456')).toBe('+44 ••••••-34-56')
    expect(maskedPhone('+77012345678')).toBe('+7 ••• •••-56-78')
  })
})

// Decision 0059: a waiter types the number a diner shows and sees whose card it is (masked)
// and its points. The demo has the programme; `bistro` (Ольга's) has its own.
describe.each(testDatabaseKinds)('A waiter looks a bonus card up on $name', (kind) => {
  let t: TestApp
  let waiters: Record<'anna' | 'igor' | 'olga', SignedInWaiter>
  const clock = { now: new Date('2026-11-24T12:00:00Z') }

  beforeAll(async () => {
    t = await createTestApp(kind, { SMS_PROVIDER: 'sandbox' }, undefined, () => clock.now)
    waiters = await signInWaitersOfTwoRestaurants(t)
    await addBonusProgram(t, 'bistro')
  })
  afterAll(async () => {
    await t.close()
  })

  let phones = 0
  /** A diner signs in with a code from the SMS sandbox, names themself and registers a card. */
  const dinerWithCard = async (restaurantId: string, name: string | null) => {
    phones += 1
    const phone = `+7916555${String(phones).padStart(4, '0')}`
    // Each diner from a phone of their own: an address asks for a few codes a minute (0109).
    const diners = freshAddress()
    const token = await dinerToken(t, phone, { restaurantId, remoteAddress: diners })
    const headers = { [PROFILE_TOKEN_HEADER]: token }
    if (name !== null) {
      const named = await t.app.inject({
        method: 'PATCH',
        url: '/api/v1/me',
        headers,
        payload: { name },
        remoteAddress: diners,
      })
      expect(named.statusCode, named.body).toBe(200)
    }
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/bonus-card',
      headers,
      payload: { restaurantId, acceptRules: true },
      remoteAddress: diners,
    })
    expect(registered.statusCode, registered.body).toBe(200)
    return { phone, card: bonusCard.parse(registered.json()) }
  }

  const lookup = (token: string | undefined, number: string, remoteAddress: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/garcon/bonus-cards/${number}`,
      headers: token === undefined ? {} : { [GARCON_TOKEN_HEADER]: token },
      remoteAddress,
    })
  const errorOf = (response: { json: () => unknown }) => errorBody.parse(response.json()).error

  it('shows a card of the restaurant: first name, masked phone, balance, pending, next expiry', async () => {
    const { phone, card } = await dinerWithCard('demo', 'Ирина Петрова')
    await addPendingPoints(t, card.number, 61, { at: clock.now })

    const address = freshAddress()
    const response = await lookup(waiters.anna.token, card.number, address)
    expect(response.statusCode, response.body).toBe(200)
    expect(garconBonusCard.parse(response.json())).toEqual({
      number: card.number,
      firstName: 'Ирина',
      phone: `+7 ••• •••-${phone.slice(-4, -2)}-${phone.slice(-2)}`,
      balance: 200,
      pending: 61,
      nextExpiry: { points: 200, at: new Date(clock.now.getTime() + 180 * DAY).toISOString() },
    })
    // Nothing more of the diner than that: not the full phone, the last name, the ledger.
    expect(response.body).not.toContain(phone.slice(2, 8))
    expect(response.body).not.toContain('Петрова')
    expect(response.body).not.toContain('entries')

    // Any waiter of the restaurant, on shift or not; a diner without a name is no one's.
    const nameless = await dinerWithCard('demo', null)
    const igors = await lookup(waiters.igor.token, nameless.card.number, address)
    expect(igors.statusCode, igors.body).toBe(200)
    expect(garconBonusCard.parse(igors.json())).toMatchObject({ firstName: null, balance: 200 })
  })

  it('answers a card of another restaurant exactly as a number nobody has: 404', async () => {
    const { card: demos } = await dinerWithCard('demo', 'Олег')
    const { card: bistros } = await dinerWithCard('bistro', 'Вера')
    const address = freshAddress()

    const elsewhere = await lookup(waiters.olga.token, demos.number, address)
    const nobodys = await lookup(waiters.olga.token, '100000000000', address)
    const annaAtBistro = await lookup(waiters.anna.token, bistros.number, address)
    for (const response of [elsewhere, nobodys, annaAtBistro]) {
      expect(response.statusCode, response.body).toBe(404)
      expect(errorOf(response)).toEqual(errorOf(nobodys))
      expect(errorOf(response).code).toBe('not_found')
    }
    // Each restaurant's own waiter finds its card.
    expect((await lookup(waiters.olga.token, bistros.number, address)).statusCode).toBe(200)
    expect((await lookup(waiters.anna.token, demos.number, address)).statusCode).toBe(200)
  })

  it('refuses a number that is not 12 digits with 400 validation_failed', async () => {
    const address = freshAddress()
    for (const number of [
      '12345678901',
      '1234567890123',
      '1234%205678%209012',
      '1234-5678-9012',
      'abcdefghijkl',
      '%EF%BC%91%EF%BC%92%EF%BC%93%EF%BC%94%EF%BC%95%EF%BC%96%EF%BC%97%EF%BC%98%EF%BC%99%EF%BC%90%EF%BC%91%EF%BC%92',
      '12345678901%00',
    ]) {
      const response = await lookup(waiters.anna.token, number, address)
      expect(response.statusCode, number).toBe(400)
      expect(errorOf(response).code, number).toBe('validation_failed')
    }
  })

  it('answers 401 without a waiter: no token, a wrong one, a diner’s', async () => {
    const { card } = await dinerWithCard('demo', 'Анна')
    const address = freshAddress()
    for (const response of [
      await lookup(undefined, card.number, address),
      await lookup('x'.repeat(43), card.number, address),
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/garcon/bonus-cards/${card.number}`,
        cookies: { garcon_token: waiters.anna.token },
        remoteAddress: address,
      }),
    ]) {
      expect(response.statusCode, response.body).toBe(401)
      expect(errorOf(response).code).toBe('unauthorized')
      expect(response.body).not.toContain(card.number)
    }
  })

  it('counts each waiter’s look-ups: the 31st in 15 minutes is 429, misses included', async () => {
    const { card } = await dinerWithCard('demo', 'Лев')
    const address = freshAddress()
    for (let n = 0; n < 30; n++) {
      // Misses count as hits do: walking the numbers is what the limit is for.
      const number = n % 2 === 0 ? card.number : String(100000000000 + n)
      expect((await lookup(waiters.anna.token, number, address)).statusCode).not.toBe(429)
    }
    const limited = await lookup(waiters.anna.token, card.number, address)
    expect(limited.statusCode, limited.body).toBe(429)
    expect(errorOf(limited).code).toBe('rate_limited')
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(limited.body).not.toContain(card.number)

    // Another waiter, even from the same address, has a count of their own.
    expect((await lookup(waiters.igor.token, card.number, address)).statusCode).toBe(200)
  })

  it('caps an address at 300 in 15 minutes, so signing in again buys no more', async () => {
    const { card } = await dinerWithCard('demo', 'Лев')
    const address = freshAddress()
    let token = ''
    for (let n = 0; n < 300; n++) {
      if (n % 30 === 0) token = (await signInAsWaiter(t.app, 'anna', '1111')).token
      expect((await lookup(token, card.number, address)).statusCode, String(n)).toBe(200)
    }
    const fresh = (await signInAsWaiter(t.app, 'anna', '1111')).token
    const limited = await lookup(fresh, card.number, address)
    expect(limited.statusCode, limited.body).toBe(429)
    expect(errorOf(limited).code).toBe('rate_limited')
    // From another address the same sign-in goes through.
    expect((await lookup(fresh, card.number, freshAddress())).statusCode).toBe(200)
  })
})
