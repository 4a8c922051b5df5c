import { randomInt } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { createBirthdayBonus } from './bonus-birthday'
import { createBonusLedger } from './bonus-ledger'

// Issue 16, decision 0058: the demo's programme gives 500 points on the diner's birthday, once
// a year, on the day in the restaurant's time zone (Europe/Moscow, UTC+3).
describe.each(testDatabaseKinds)('The birthday bonus on $name', (kind) => {
  let t: TestApp
  const clock = { now: new Date('2026-05-24T09:00:00Z') }

  beforeAll(async () => {
    t = await createTestApp(kind)
  })
  afterAll(async () => {
    await t.close()
  })

  const db = () => t.database.db
  const ledger = () => createBonusLedger({ db: db(), now: () => clock.now })
  const sweep = () => createBirthdayBonus({ db: db(), now: () => clock.now }).sweep()
  const dinerBornOn = async (birthday: string | null) =>
    (
      await db()
        .insertInto('clients')
        .values({ phone: `+7916${String(randomInt(1e7)).padStart(7, '0')}`, birthday })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  const birthdays = async (cardId: string) =>
    db()
      .selectFrom('bonusEntries')
      .select(['points', 'note', 'expiresAt'])
      .where('cardId', '=', cardId)
      .where('kind', '=', 'birthday')
      .orderBy('seq')
      .execute()

  it('credits the birthday points once on the day, and again the next year', async () => {
    clock.now = new Date('2026-05-23T12:00:00Z')
    const card = await ledger().openCard('demo', await dinerBornOn('1990-05-24'))
    const nobody = await ledger().openCard('demo', await dinerBornOn(null))
    const other = await ledger().openCard('demo', await dinerBornOn('1990-05-25'))
    await sweep()
    expect(await birthdays(card.id)).toEqual([])

    // 21:30 UTC on the 23rd is already the 24th in Moscow.
    clock.now = new Date('2026-05-23T21:30:00Z')
    expect(await sweep()).toBeGreaterThanOrEqual(1)
    expect(await birthdays(card.id)).toEqual([
      {
        points: 500,
        note: 'birthday 2026',
        expiresAt: new Date(clock.now.getTime() + 180 * 24 * 60 * 60 * 1000),
      },
    ])
    // The sweep runs every few minutes: still one this year.
    clock.now = new Date('2026-05-24T20:00:00Z')
    await sweep()
    await sweep()
    expect(await birthdays(card.id)).toHaveLength(1)
    expect((await ledger().card(card.id))?.balance).toBe(200 + 500)
    expect(await birthdays(nobody.id)).toEqual([])
    expect(await birthdays(other.id)).toEqual([])

    clock.now = new Date('2027-05-24T09:00:00Z')
    await sweep()
    expect((await birthdays(card.id)).map((entry) => entry.note)).toEqual([
      'birthday 2026',
      'birthday 2027',
    ])
  })

  it('keeps 29 February on the 28th in other years', async () => {
    clock.now = new Date('2027-01-10T09:00:00Z')
    const card = await ledger().openCard('demo', await dinerBornOn('2000-02-29'))
    clock.now = new Date('2027-02-28T09:00:00Z')
    await sweep()
    expect((await birthdays(card.id)).map((entry) => entry.note)).toEqual(['birthday 2027'])
    clock.now = new Date('2028-02-28T09:00:00Z')
    await sweep()
    expect(await birthdays(card.id)).toHaveLength(1)
    clock.now = new Date('2028-02-29T09:00:00Z')
    await sweep()
    expect((await birthdays(card.id)).map((entry) => entry.note)).toEqual([
      'birthday 2027',
      'birthday 2028',
    ])
  })

  it('lets the database refuse a second birthday entry for the year, whoever writes it', async () => {
    clock.now = new Date('2026-03-01T09:00:00Z')
    const card = await ledger().openCard('demo', await dinerBornOn('1990-03-01'))
    await sweep()
    const again = db()
      .insertInto('bonusEntries')
      .values({
        cardId: card.id,
        kind: 'birthday',
        points: 500,
        status: 'available',
        remaining: 500,
        note: 'birthday 2026',
        createdAt: clock.now,
      })
      .execute()
    await expect(again).rejects.toThrow(/bonus_entries_one_birthday_a_year|duplicate|unique/)
    const unnamed = db()
      .insertInto('bonusEntries')
      .values({
        cardId: card.id,
        kind: 'birthday',
        points: 500,
        status: 'available',
        remaining: 500,
        createdAt: clock.now,
      })
      .execute()
    await expect(unnamed).rejects.toThrow(/bonus_entries_birthday_year|check/)
    expect(await birthdays(card.id)).toHaveLength(1)
  })
})
