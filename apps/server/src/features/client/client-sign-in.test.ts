import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requestClientOtp } from '@tableside/contracts/client'
import { errorBody } from '@tableside/contracts/errors'
import { testDatabaseKinds } from '../../test/test-database'
import { hashOtpCode } from './client-secrets'
import { askCode, lastCode, startClientApp, tryCode, type ClientTestApp } from './test-client-app'

const MINUTE = 60_000
let serial = 0
/** A fresh real Moscow mobile number per test, so their caps never meet. */
const newPhone = () => `+7916555${String(1000 + ++serial).padStart(4, '0')}`

const errorOf = (response: { json: () => unknown }) => errorBody.parse(response.json()).error

describe.each(testDatabaseKinds)('Sign-in codes on $name', (kind) => {
  let t: ClientTestApp
  beforeAll(async () => {
    t = await startClientApp(kind)
  })
  afterAll(async () => {
    await t.close()
  })
  const later = (ms: number) => {
    t.clock.now = new Date(t.clock.now.getTime() + ms)
  }

  it('sends a 6-digit code by the sandbox, stored only as an HMAC, and signs in with it once', async () => {
    const phone = newPhone()
    const asked = await askCode(t, phone.replace('+7', '8 (').replace(/(\d{3})(\d{3})/, '$1) $2-'))
    expect(asked.statusCode, asked.body).toBe(202)
    const answer = requestClientOtp.response.parse(asked.json())
    expect(answer.phone).toBe(phone)
    expect(Date.parse(answer.expiresAt) - t.clock.now.getTime()).toBe(5 * MINUTE)
    expect(Date.parse(answer.resendAt) - t.clock.now.getTime()).toBe(MINUTE)
    const code = lastCode(t, phone)
    expect(code).toMatch(/^\d{6}$/)
    const row = await t.database.db
      .selectFrom('clientSignInCodes')
      .selectAll()
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow()
    expect(row.codeHash).not.toContain(code)
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/)
    // Not a plain or salted sha256 of the code: without the server's secret it matches nothing.
    expect(row.codeHash).not.toBe(hashOtpCode('', phone, code))

    const first = await tryCode(t, phone, code)
    expect(first.statusCode, first.body).toBe(200)
    const reused = await tryCode(t, phone, code)
    expect(reused.statusCode).toBe(400)
    expect(errorOf(reused).code).toBe('otp_expired')
    expect(errorOf(reused).message).toMatch(/Request a new code/)
  })

  it('burns a code after 5 wrong tries, saying how many are left, then even the right one fails', async () => {
    const phone = newPhone()
    await askCode(t, phone)
    const code = lastCode(t, phone)
    const wrong = code === '000000' ? '111111' : '000000'
    const left: unknown[] = []
    for (let i = 0; i < 4; i += 1) {
      const response = await tryCode(t, phone, wrong)
      expect(response.statusCode).toBe(400)
      expect(errorOf(response).code).toBe('otp_invalid')
      left.push(response.json<{ error: { triesLeft?: number } }>().error.triesLeft)
    }
    expect(left).toEqual([4, 3, 2, 1])
    const fifth = await tryCode(t, phone, wrong)
    expect(errorOf(fifth).code).toBe('otp_exhausted')
    expect(errorOf(fifth).message).toMatch(/Request a new code/)
    const right = await tryCode(t, phone, code)
    expect(right.statusCode).toBe(400)
    expect(errorOf(right).code).toBe('otp_exhausted')
  })

  it('lets five guesses sent at once take five tries, no more', async () => {
    const phone = newPhone()
    await askCode(t, phone)
    const code = lastCode(t, phone)
    const guesses = Array.from({ length: 8 }, (_, i) =>
      String((Number(code) + 1 + i) % 1e6).padStart(6, '0'),
    )
    const answers = await Promise.all(guesses.map((guess) => tryCode(t, phone, guess)))
    const codes = answers.map((answer) => errorOf(answer).code)
    expect(codes.filter((c) => c === 'otp_invalid')).toHaveLength(4)
    expect(codes.filter((c) => c === 'otp_exhausted')).toHaveLength(4)
  })

  it('signs in once when the right code is sent twice at the same moment', async () => {
    const phone = newPhone()
    await askCode(t, phone)
    const code = lastCode(t, phone)
    const answers = await Promise.all([tryCode(t, phone, code), tryCode(t, phone, code)])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400])
    const sessions = await t.database.db
      .selectFrom('clientSessions')
      .innerJoin('clients', 'clients.id', 'clientSessions.clientId')
      .select('tokenHash')
      .where('clients.phone', '=', phone)
      .execute()
    expect(sessions).toHaveLength(1)
  })

  it('refuses a code after 5 minutes', async () => {
    const phone = newPhone()
    await askCode(t, phone)
    const code = lastCode(t, phone)
    later(5 * MINUTE)
    const late = await tryCode(t, phone, code)
    expect(late.statusCode).toBe(400)
    expect(errorOf(late).code).toBe('otp_expired')
  })

  it('sends another code to a number only after 60 s, saying when; the new one replaces the old', async () => {
    const phone = newPhone()
    expect((await askCode(t, phone)).statusCode).toBe(202)
    const first = lastCode(t, phone)
    later(20_000)
    const soon = await askCode(t, phone)
    expect(soon.statusCode).toBe(429)
    expect(soon.headers['retry-after']).toBe('40')
    expect(errorOf(soon).message).toMatch(/40 seconds/)
    expect(t.sandbox.outbox(phone)).toHaveLength(1)
    later(40_000)
    expect((await askCode(t, phone)).statusCode).toBe(202)
    const second = lastCode(t, phone)
    if (second !== first) {
      expect(errorOf(await tryCode(t, phone, first)).code).toBe('otp_invalid')
    }
    expect((await tryCode(t, phone, second)).statusCode).toBe(200)
  })

  it('sends one code when two requests for a number arrive together', async () => {
    const phone = newPhone()
    const answers = await Promise.all([askCode(t, phone), askCode(t, phone), askCode(t, phone)])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 429, 429])
    expect(t.sandbox.outbox(phone)).toHaveLength(1)
  })

  it('sends at most 5 codes an hour and 10 a day to a number, saying when to come back', async () => {
    const phone = newPhone()
    for (let i = 0; i < 5; i += 1) {
      expect((await askCode(t, phone)).statusCode).toBe(202)
      later(MINUTE)
    }
    const sixth = await askCode(t, phone)
    expect(sixth.statusCode).toBe(429)
    // The first of the five was sent 5 minutes ago: the hour ends in 55 minutes.
    expect(sixth.headers['retry-after']).toBe(String(55 * 60))
    expect(errorOf(sixth).message).toMatch(/this hour.*3300 seconds/s)
    later(55 * MINUTE)
    for (let i = 0; i < 5; i += 1) {
      expect((await askCode(t, phone)).statusCode).toBe(202)
      later(MINUTE)
    }
    later(60 * MINUTE)
    const eleventh = await askCode(t, phone)
    expect(eleventh.statusCode).toBe(429)
    expect(errorOf(eleventh).message).toMatch(/today/)
    const wait = Number(eleventh.headers['retry-after'])
    // The day's first code was sent 2 h 5 min ago.
    expect(wait).toBe(24 * 60 * 60 - (2 * 60 + 5) * 60)
    later(wait * 1000)
    expect((await askCode(t, phone)).statusCode).toBe(202)
    expect(t.sandbox.outbox(phone)).toHaveLength(11)
  })

  it('refuses what is not a real mobile number, and asks for consent, changing nothing', async () => {
    const bad = [
      '+7 999 000-00-0', // too short
      '+7 (495) 123-45-67', // a Moscow landline: no SMS reaches it
      '+7 916 123\u000045-67',
      '+7 916 123\uD80045-67',
      'call +79161234567',
      '+79161234567'.repeat(3),
    ]
    for (const phone of bad) {
      const response = await askCode(t, phone)
      expect(response.statusCode, phone).toBe(400)
      expect(errorOf(response).fields?.map((f) => f.path)).toEqual(['body.phone'])
    }
    const noConsent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/client/otp',
      payload: { restaurantId: 'bistro', phone: newPhone(), consent: false },
    })
    expect(noConsent.statusCode).toBe(400)
    expect(errorOf(noConsent).fields?.map((f) => f.path)).toEqual(['body.consent'])
    for (const payload of [
      '[]',
      '"x"',
      '{"restaurantId":1}',
      '{}',
      'null',
      '{"phone":{"$gt":""}}',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/client/otp',
        headers: { 'content-type': 'application/json' },
        payload,
      })
      expect(response.statusCode, payload).toBe(400)
    }
    const unknown = await askCode(t, newPhone(), { restaurantId: 'nowhere' })
    expect(unknown.statusCode).toBe(404)
    expect(
      await t.database.db
        .selectFrom('clientSignInCodes')
        .select('phone')
        .where('phone', 'like', '%4951234567')
        .execute(),
    ).toEqual([])
    for (const code of ['12345', '1234567', 'abcdef', '12345\u0000', '１２３４５６']) {
      const response = await tryCode(t, newPhone(), code)
      expect(response.statusCode, code).toBe(400)
      expect(errorOf(response).code).toBe('validation_failed')
    }
  })

  it('accepts mobile numbers of other countries', async () => {
    const asked = await askCode(t, '+44 7400 123456')
    expect(asked.statusCode, asked.body).toBe(202)
    expect(requestClientOtp.response.parse(asked.json()).phone).toBe('+447400123456')
  })
})

describe.each(testDatabaseKinds)('Sign-in codes per address on $name', (kind) => {
  let t: ClientTestApp
  beforeAll(async () => {
    t = await startClientApp(kind, { limited: true })
  })
  afterAll(async () => {
    await t.close()
  })

  it('lets one address ask for 6 codes a minute, whatever the numbers, and holds the next diner there a minute at most', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 7; i += 1) {
      const response = await askCode(t, `+7926777${String(1000 + i)}`, {
        remoteAddress: '203.0.113.9',
      })
      statuses.push(response.statusCode)
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 202, 429])
    // Another diner on the same Wi-Fi: refused for what the first did, for under a minute.
    const next = await askCode(t, '+79267778888', { remoteAddress: '203.0.113.9' })
    expect(next.statusCode).toBe(429)
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(next.headers['retry-after'])).toBeLessThanOrEqual(60)
    expect(errorOf(next).message).toMatch(/try again in \d+ seconds/)
    // Another address (another restaurant's Wi-Fi) is not held up.
    expect((await askCode(t, '+79267779999', { remoteAddress: '198.51.100.7' })).statusCode).toBe(
      202,
    )
  })

  it('lets one address try 30 codes a minute, holding the next diner there a minute at most', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 31; i += 1) {
      const response = await tryCode(t, `+7926555${String(1000 + i)}`, '123456', undefined, {
        remoteAddress: '203.0.113.10',
      })
      statuses.push(response.statusCode)
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
    const wait = Number(
      (await tryCode(t, '+79265559999', '123456', undefined, { remoteAddress: '203.0.113.10' }))
        .headers['retry-after'],
    )
    expect(wait).toBeGreaterThan(0)
    expect(wait).toBeLessThanOrEqual(60)
  })
})
