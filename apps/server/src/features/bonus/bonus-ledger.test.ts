import { randomInt } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { order } from '@tableside/contracts/orders'
import { HttpError } from '../../http/http-error'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { openTableSession, orderOlivierAt } from '../../test/test-restaurants'
import { createBonusLedger, pointsEarned, spendCap, type BonusLedger } from './bonus-ledger'

const DAY = 24 * 60 * 60 * 1000

// Issue 16, decision 0055: the bonus card's ledger. The demo's programme: 5 % earned, 30 % of
// an order payable in points, points expire after 180 days, 200 welcome points.
describe.each(testDatabaseKinds)('The bonus ledger on $name', (kind) => {
  let t: TestApp
  let ledger: BonusLedger
  let clock = new Date('2026-11-24T12:00:00Z')
  let sessionId = ''

  beforeAll(async () => {
    t = await createTestApp(kind)
    ledger = createBonusLedger({ db: t.database.db, now: () => clock })
    // The demo data's programme, as this test reads it.
    expect(await createBonusLedger({ db: t.database.db }).program('demo')).toMatchObject({
      earnBasisPoints: 500,
      maxShareBasisPoints: 3000,
      expiryDays: 180,
      welcomePoints: 200,
    })
    sessionId = (await openTableSession(t, 'demo', 'T1')).id
  })
  afterAll(async () => {
    await t.close()
  })
  beforeEach(() => {
    clock = new Date('2026-11-24T12:00:00Z')
  })

  const db = () => t.database.db
  /** A diner's profile, as signing in with a code makes it. */
  const newClient = async () =>
    (
      await db()
        .insertInto('clients')
        .values({ phone: `+7916${String(randomInt(1e7)).padStart(7, '0')}` })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  const newCard = async () => ledger.openCard('demo', await newClient())
  const newOrder = async () => order.parse((await orderOlivierAt(t.app, sessionId)).json()).id
  /** A card payment of an order, as the payments flow records it. */
  const newPayment = async (orderId: string, amount: number) =>
    (
      await db()
        .insertInto('payments')
        .values({
          restaurantId: 'demo',
          purpose: 'order',
          orderId,
          method: 'card',
          provider: 'test',
          currency: 'RUB',
          amount,
          status: 'succeeded',
          allocations: JSON.stringify([]),
          expiresAt: clock,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  const card = async (id: string) => {
    const found = await ledger.card(id)
    if (!found) throw new Error('no card')
    return found
  }
  /** The ledger's sum is the balance, and the credits still holding points hold exactly it. */
  const expectConsistent = async (cardId: string) => {
    const { rows } = await sql<{
      balance: number
      sum: number
      remaining: number
      pending: number
      pendingSum: number
    }>`
      select c.balance, c.pending,
        (select coalesce(sum(points), 0)::int from bonus_entries
          where card_id = c.id and status = 'available') as sum,
        (select coalesce(sum(remaining), 0)::int from bonus_entries
          where card_id = c.id and status = 'available' and points > 0) as remaining,
        (select coalesce(sum(points), 0)::int from bonus_entries
          where card_id = c.id and status = 'pending') as "pendingSum"
      from bonus_cards c where c.id = ${cardId}
    `.execute(db())
    const row = rows[0]
    expect(row).toBeDefined()
    expect(row?.sum).toBe(row?.balance)
    expect(row?.remaining).toBe(row?.balance)
    expect(row?.pendingSum).toBe(row?.pending)
  }
  const refusal = async (work: Promise<unknown>) => {
    const error = await work.then(
      () => undefined,
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(HttpError)
    return error as HttpError
  }

  it('opens one card a diner and restaurant, with a twelve-digit number and the welcome points', async () => {
    const clientId = await newClient()
    const opened = await ledger.openCard('demo', clientId)
    expect(opened.number).toMatch(/^[1-9]\d{11}$/)
    expect(opened.balance).toBe(200)
    expect((await ledger.openCard('demo', clientId)).id).toBe(opened.id)
    const entries = await ledger.entries(opened.id)
    expect(entries.map((entry) => [entry.kind, entry.points])).toEqual([['welcome', 200]])
    expect(entries[0]?.expiresAt?.getTime()).toBe(clock.getTime() + 180 * DAY)
    expect((await card(opened.id)).nextExpiry).toEqual({
      points: 200,
      at: new Date(clock.getTime() + 180 * DAY),
    })
    const refused = await refusal(ledger.openCard('no-such-restaurant', clientId))
    expect(refused.code).toBe('bonus_program_off')
    await expectConsistent(opened.id)
  })

  it('earns on what was paid, pending until the order is completed and paid, then available', async () => {
    const opened = await newCard()
    const orderId = await newOrder()
    // 5 % of 1 234,56 ₽ is 61,73 ₽: 61 whole points.
    const earned = await db()
      .transaction()
      .execute((trx) => ledger.earnPending(trx, { cardId: opened.id, paidMinor: 123_456, orderId }))
    expect(earned).toMatchObject({ kind: 'earn', points: 61, status: 'pending' })
    expect(await card(opened.id)).toMatchObject({ balance: 200, pending: 61 })
    // Less than a point earns nothing.
    const tiny = await db()
      .transaction()
      .execute((trx) => ledger.earnPending(trx, { cardId: opened.id, paidMinor: 1_999, orderId }))
    expect(tiny).toBeUndefined()

    clock = new Date(clock.getTime() + DAY)
    expect(
      await db()
        .transaction()
        .execute((trx) => ledger.release(trx, orderId)),
    ).toBe(1)
    expect(await card(opened.id)).toMatchObject({ balance: 261, pending: 0 })
    const released = (await ledger.entries(opened.id)).find((entry) => entry.kind === 'earn')
    expect(released?.expiresAt?.getTime()).toBe(clock.getTime() + 180 * DAY)
    // Released once: again changes nothing.
    expect(
      await db()
        .transaction()
        .execute((trx) => ledger.release(trx, orderId)),
    ).toBe(0)
    await expectConsistent(opened.id)
  })

  it('spends within the share of the order and the balance, the points that expire first, and refuses the rest writing nothing', async () => {
    const opened = await newCard()
    const orderId = await newOrder()
    await db()
      .transaction()
      .execute(async (trx) => {
        await ledger.earnPending(trx, { cardId: opened.id, paidMinor: 400_000, orderId })
        await ledger.release(trx, orderId)
      })
    // 200 welcome (expires first) + 200 earned a day later.
    expect((await card(opened.id)).balance).toBe(400)
    const before = await ledger.entries(opened.id)

    // 30 % of 1 000 ₽ is 300 points at most.
    const program = await ledger.program('demo')
    if (!program) throw new Error('no programme')
    expect(spendCap(program, 100_000)).toBe(300)
    expect(pointsEarned(program, 100_000)).toBe(50)
    const over = await refusal(
      db()
        .transaction()
        .execute((trx) =>
          ledger.spend(trx, { cardId: opened.id, orderId, points: 301, orderTotalMinor: 100_000 }),
        ),
    )
    expect(over.code).toBe('bonus_over_cap')
    expect(over.message).toContain('300 points')
    const tooMany = await refusal(
      db()
        .transaction()
        .execute((trx) =>
          ledger.spend(trx, {
            cardId: opened.id,
            orderId,
            points: 401,
            orderTotalMinor: 1_000_000,
          }),
        ),
    )
    expect(tooMany.code).toBe('bonus_insufficient')
    expect(await ledger.entries(opened.id)).toEqual(before)

    const ok = await db()
      .transaction()
      .execute((trx) =>
        ledger.spend(trx, { cardId: opened.id, orderId, points: 250, orderTotalMinor: 100_000 }),
      )
    expect(ok).toMatchObject({ kind: 'spend', points: -250, orderId })
    expect((await card(opened.id)).balance).toBe(150)
    // The welcome points went first (they expire first), then 50 of the earned.
    const entries = await ledger.entries(opened.id)
    const remaining = Object.fromEntries(
      entries.filter((entry) => entry.points > 0).map((entry) => [entry.kind, entry.remaining]),
    )
    expect(remaining).toEqual({ welcome: 0, earn: 150 })
    await expectConsistent(opened.id)
  })

  it('gives the points of a cancelled order back to the credits they came from, once', async () => {
    const opened = await newCard()
    const orderId = await newOrder()
    await db()
      .transaction()
      .execute((trx) =>
        ledger.spend(trx, { cardId: opened.id, orderId, points: 120, orderTotalMinor: 100_000 }),
      )
    expect((await card(opened.id)).balance).toBe(80)
    expect(
      await db()
        .transaction()
        .execute((trx) => ledger.giveBack(trx, orderId)),
    ).toBe(120)
    expect(
      await db()
        .transaction()
        .execute((trx) => ledger.giveBack(trx, orderId)),
    ).toBe(0)
    expect((await card(opened.id)).balance).toBe(200)
    const welcome = (await ledger.entries(opened.id)).find((entry) => entry.kind === 'welcome')
    expect(welcome?.remaining).toBe(200)
    await expectConsistent(opened.id)
  })

  it('takes back what a refunded payment earned, in proportion: pending ones shrink, available ones as far as the balance goes', async () => {
    // Pending: a 40 % refund keeps 60 % of 50 points pending; then a full refund voids it.
    const pendingCard = await newCard()
    const first = await newOrder()
    const firstPayment = await newPayment(first, 100_000)
    await db()
      .transaction()
      .execute((trx) =>
        ledger.earnPending(trx, {
          cardId: pendingCard.id,
          paidMinor: 100_000,
          orderId: first,
          paymentId: firstPayment,
        }),
      )
    const partly = await db()
      .transaction()
      .execute((trx) =>
        ledger.reverseEarned(trx, {
          paymentId: firstPayment,
          refundedMinor: 40_000,
          paidMinor: 100_000,
        }),
      )
    expect(partly).toBe(20)
    expect(await card(pendingCard.id)).toMatchObject({ balance: 200, pending: 30 })
    // The same refund told again changes nothing; the rest of it takes the rest.
    await db()
      .transaction()
      .execute((trx) =>
        ledger.reverseEarned(trx, {
          paymentId: firstPayment,
          refundedMinor: 40_000,
          paidMinor: 100_000,
        }),
      )
    expect((await card(pendingCard.id)).pending).toBe(30)
    await db()
      .transaction()
      .execute((trx) =>
        ledger.reverseEarned(trx, {
          paymentId: firstPayment,
          refundedMinor: 100_000,
          paidMinor: 100_000,
        }),
      )
    expect(await card(pendingCard.id)).toMatchObject({ balance: 200, pending: 0 })
    await expectConsistent(pendingCard.id)

    // Available: 100 earned; 250 of the 300 spent elsewhere; a full refund takes back 50.
    const spentCard = await newCard()
    const second = await newOrder()
    const secondPayment = await newPayment(second, 200_000)
    await db()
      .transaction()
      .execute(async (trx) => {
        await ledger.earnPending(trx, {
          cardId: spentCard.id,
          paidMinor: 200_000,
          orderId: second,
          paymentId: secondPayment,
        })
        await ledger.release(trx, second)
      })
    const elsewhere = await newOrder()
    await db()
      .transaction()
      .execute((trx) =>
        ledger.spend(trx, {
          cardId: spentCard.id,
          orderId: elsewhere,
          points: 250,
          orderTotalMinor: 1_000_000,
        }),
      )
    expect((await card(spentCard.id)).balance).toBe(50)
    const back = await db()
      .transaction()
      .execute((trx) =>
        ledger.reverseEarned(trx, {
          paymentId: secondPayment,
          refundedMinor: 200_000,
          paidMinor: 200_000,
        }),
      )
    expect(back).toBe(50)
    expect((await card(spentCard.id)).balance).toBe(0)
    await expectConsistent(spentCard.id)
  })

  it('expires points past their time, oldest first, once', async () => {
    const opened = await newCard()
    const orderId = await newOrder()
    clock = new Date(clock.getTime() + 10 * DAY)
    await db()
      .transaction()
      .execute(async (trx) => {
        await ledger.earnPending(trx, { cardId: opened.id, paidMinor: 200_000, orderId })
        await ledger.release(trx, orderId)
      })
    // Day 181: the welcome points (day 0 + 180) have run out, the earned ones (day 10) not yet.
    clock = new Date(new Date('2026-11-24T12:00:00Z').getTime() + 181 * DAY)
    expect(await ledger.expire()).toBeGreaterThanOrEqual(200)
    expect((await card(opened.id)).balance).toBe(100)
    const expired = (await ledger.entries(opened.id)).filter((entry) => entry.kind === 'expire')
    expect(expired.map((entry) => entry.points)).toEqual([-200])
    const again = await ledger.expire()
    expect(again).toBe(0)
    expect((await card(opened.id)).balance).toBe(100)
    await expectConsistent(opened.id)
  })

  it('never lets two spends at once take the balance below zero', async () => {
    const opened = await newCard()
    const orders = [await newOrder(), await newOrder()]
    const results = await Promise.allSettled(
      orders.map((orderId) =>
        db()
          .transaction()
          .execute((trx) =>
            ledger.spend(trx, {
              cardId: opened.id,
              orderId,
              points: 150,
              orderTotalMinor: 1_000_000,
            }),
          ),
      ),
    )
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected'])
    const rejected = results.find((result) => result.status === 'rejected')
    expect((rejected?.reason as HttpError).code).toBe('bonus_insufficient')
    expect((await card(opened.id)).balance).toBe(50)
    await expectConsistent(opened.id)
  })

  it('keeps the ledger append-only and the balance at or above zero whoever writes', async () => {
    const opened = await newCard()
    const [welcome] = await ledger.entries(opened.id)
    if (!welcome) throw new Error('no welcome entry')
    await expect(
      sql`update bonus_entries set points = 999 where id = ${welcome.id}`.execute(db()),
    ).rejects.toThrow(/append-only/)
    await expect(
      sql`delete from bonus_entries where id = ${welcome.id}`.execute(db()),
    ).rejects.toThrow(/append-only/)
    // A debit written past the code still cannot overdraw the card.
    await expect(
      sql`insert into bonus_entries (card_id, kind, points, status, created_at)
        values (${opened.id}, 'adjust', -201, 'available', now())`.execute(db()),
    ).rejects.toThrow(/bonus_cards_balance_check|check constraint/)
    expect((await card(opened.id)).balance).toBe(200)
    // Erasing the profile takes its card and the card's ledger with it.
    await db().deleteFrom('clients').where('id', '=', opened.clientId).execute()
    const left = await db()
      .selectFrom('bonusEntries')
      .select('id')
      .where('cardId', '=', opened.id)
      .execute()
    expect(left).toEqual([])
    expect(await ledger.card(opened.id)).toBeUndefined()
  })
})
