import { setTimeout as delay } from 'node:timers/promises'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/database'
import { seedDemo } from '../../db/seed-demo'
import { postgresDatabase, postgresSkipReason } from '../../test/test-database'
import type { SmsBudgetAlert } from '../audit/audit-log'
import { createSmsBudget } from './sms-budget'

const skipped = postgresSkipReason ? ` (skipped: ${postgresSkipReason})` : ''

/** How long the second request gets to either write its alert or wait for the first's. */
const ARRIVAL_TIMEOUT_MS = 10_000

/**
 * The last two codes of the server's day asked at once, on separate connections of a PostgreSQL
 * server: one reaches 80 % and tells the managers, the other spends the day. The 'nearly spent'
 * alert is held while being written; the 'spent' one must not come before it (a CI run once
 * wrote them the other way round, and every restaurant's log read "spent" above "nearly spent").
 */
describe.skipIf(postgresSkipReason)(`The server's SMS budget alerts in order${skipped}`, () => {
  let database: DatabaseHandle

  beforeAll(async () => {
    if (!postgresDatabase) throw new Error('TEST_DATABASE_URL is not set')
    database = await postgresDatabase.open()
    await seedDemo(database.db)
  })
  afterAll(async () => {
    await database.close()
  })

  /** Sessions of this database waiting for a lock another holds. */
  const waitingForLocks = async () => {
    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(database.db)
    return rows[0]?.count ?? 0
  }

  it("writes 'nearly spent' before 'spent' when the two requests that reach them overlap", async () => {
    const told: SmsBudgetAlert['level'][] = []
    let letNearlyGo = () => {}
    const nearlyHeld = new Promise<void>((resolve) => (letNearlyGo = resolve))
    const budget = createSmsBudget({
      db: database.db,
      serverBudget: 5,
      // An alert counts as told once written: the held one only when let go.
      onAlert: async (alert) => {
        if (alert.level === 'nearly_spent') await nearlyHeld
        told.push(alert.level)
      },
    })
    const at = new Date('2027-03-01T12:00:00Z')
    for (let i = 0; i < 3; i++) expect((await budget.take('demo', at)).taken).toBe(true)

    const lastTwo = Promise.all([budget.take('demo', at), budget.take('demo', at)])
    // The 'nearly spent' alert stays held until the other request has either told 'spent'
    // (the alerts out of order) or is seen waiting for the first's transaction.
    const started = Date.now()
    while (!told.includes('spent') && (await waitingForLocks()) === 0) {
      if (Date.now() - started > ARRIVAL_TIMEOUT_MS) throw new Error('The requests never met')
      await delay(5)
    }
    letNearlyGo()
    const taken = await lastTwo
    expect(taken.map((take) => take.taken)).toEqual([true, true])
    expect(told).toEqual(['nearly_spent', 'spent'])
  })
})
