import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe } from 'vitest'
import type { PaymentMethod } from '@tableside/contracts/restaurants'
import { createTestApp, type TestApp } from './test-app'
import { lockBarrier, type LockBarrier } from './lock-barrier'
import { postgresDatabase, postgresSkipReason, postgresUrl } from './test-database'
import { openTableSession, orderOlivierAt, signInAsAnna } from './test-restaurants'

/** Races repeat this often: each run is one more interleaving the fix must survive. */
export const RACE_RUNS = 6

export interface RaceApp {
  t: TestApp
  /** A fresh table of the demo restaurant for each race, so runs never share a session. */
  openSession(): Promise<string>
  placeOrder(sessionId: string, paymentMethod?: PaymentMethod): Promise<LightMyRequestResponse>
  /** The demo restaurant's waiter Anna's token (X-Garcon-Token). */
  waiterToken: string
  /** A request of the demo restaurant's waiter Anna. */
  asWaiter(url: string, payload?: Record<string, unknown>): Promise<LightMyRequestResponse>
  /** A barrier holding the lock `statement` takes (see `lockBarrier`). */
  barrier(statement: string, params: unknown[]): Promise<LockBarrier>
}

/** The real app on the PostgreSQL server (`TEST_DATABASE_URL`), with a waiter signed in. */
export async function startRaceApp(): Promise<RaceApp> {
  if (!postgresDatabase || !postgresUrl) throw new Error('TEST_DATABASE_URL is not set')
  const url = postgresUrl
  const t = await createTestApp(postgresDatabase)
  const tables = Array.from({ length: 60 }, (_, index) => `R${index + 1}`)
  await t.database.db
    .insertInto('restaurantTables')
    .values(tables.map((code) => ({ restaurantId: 'demo', code, label: code })))
    .execute()
  const { token } = await signInAsAnna(t.app)
  let nextTable = 0
  return {
    t,
    waiterToken: token,
    async openSession() {
      const code = tables[nextTable++]
      if (!code) throw new Error('The race tables ran out')
      return (await openTableSession(t, 'demo', code)).id
    },
    placeOrder: (sessionId, paymentMethod: PaymentMethod = 'cash') =>
      orderOlivierAt(t.app, sessionId, { paymentMethod }),
    asWaiter: (path, payload) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1${path}`,
        headers: { 'x-garcon-token': token },
        ...(payload ? { payload } : {}),
      }),
    barrier: (statement, params) =>
      lockBarrier(t.database.db, url, (client) => client.query(statement, params)),
  }
}

/**
 * A suite of races on the PostgreSQL server, said to be skipped (and why) without one: `race()`
 * is the app the suite shares, started before its tests and closed after them.
 */
export function describeRace(title: string, body: (race: () => RaceApp) => void) {
  const skipped = postgresSkipReason ? ` (skipped: ${postgresSkipReason})` : ''
  describe.skipIf(postgresSkipReason)(`${title} on PostgreSQL${skipped}`, () => {
    let started: RaceApp | undefined
    beforeAll(async () => {
      started = await startRaceApp()
    })
    afterAll(async () => {
      await started?.t.close()
    })
    body(() => {
      if (!started) throw new Error('The race app has not started')
      return started
    })
  })
}
