import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lockBarrier } from '../../test/lock-barrier'
import { RACE_RUNS } from '../../test/race-app'
import { createTestApp, type TestApp } from '../../test/test-app'
import { postgresDatabase, postgresSkipReason, postgresUrl } from '../../test/test-database'
import { signInAsWaiter } from '../../test/test-restaurants'

const skipped = postgresSkipReason ? ` (skipped: ${postgresSkipReason})` : ''

/**
 * Two waiters take one free table at the same moment, on a PostgreSQL server under READ
 * COMMITTED, one of them with takeOver. Each saw the table free and added itself: without the
 * table's row held for the change, every run left the table with two waiters.
 */
describe.skipIf(postgresSkipReason)(`Two waiters taking one table at once${skipped}`, () => {
  let t: TestApp
  const tokens = { anna: '', igor: '' }
  const ids = { anna: '', igor: '' }

  beforeAll(async () => {
    if (!postgresDatabase) throw new Error('TEST_DATABASE_URL is not set')
    t = await createTestApp(postgresDatabase)
    await t.database.db
      .insertInto('restaurantTables')
      .values(
        Array.from({ length: 4 * RACE_RUNS }, (_, i) => ({
          restaurantId: 'demo',
          code: `R${String(i + 1)}`,
          label: `R${String(i + 1)}`,
        })),
      )
      .execute()
    for (const [login, pin] of [
      ['anna', '1111'],
      ['igor', '2222'],
    ] as const) {
      const { token, waiter } = await signInAsWaiter(t.app, login, pin)
      tokens[login] = token
      ids[login] = waiter.id
    }
  })
  afterAll(async () => {
    await t.close()
  })

  const take = (who: 'anna' | 'igor', tableCode: string, takeOver: boolean) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/garcon/me/tables',
      headers: { 'x-garcon-token': tokens[who] },
      payload: { tableCodes: [tableCode], takeOver },
    })

  const waitersAt = async (tableCode: string) => {
    const rows = await t.database.db
      .selectFrom('waiterTables as wt')
      .innerJoin('restaurantTables as rt', 'rt.id', 'wt.tableId')
      .select('wt.waiterId')
      .where('rt.restaurantId', '=', 'demo')
      .where('rt.code', '=', tableCode)
      .execute()
    return rows.map((row) => row.waiterId)
  }

  let table = 0
  for (const igorTakesOver of [false, true]) {
    for (const first of ['anna', 'igor'] as const) {
      it(`leaves the table one waiter's (Anna with takeOver, Igor ${igorTakesOver ? 'with' : 'without'}, ${first} first)`, async () => {
        const twice: string[] = []
        for (let run = 0; run < RACE_RUNS; run++) {
          const code = `R${String(++table)}`
          const { id } = await t.database.db
            .selectFrom('restaurantTables')
            .select('id')
            .where('restaurantId', '=', 'demo')
            .where('code', '=', code)
            .executeTakeFirstOrThrow()
          if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set')
          const barrier = await lockBarrier(t.database.db, postgresUrl, (client) =>
            // FOR UPDATE: what taking the table waits for, and what adding a row naming it does.
            client.query('select id from restaurant_tables where id = $1 for update', [id]),
          )
          const anna = () => take('anna', code, true)
          const igor = () => take('igor', code, igorTakesOver)
          const [one, other] = first === 'anna' ? [anna, igor] : [igor, anna]
          const firstAnswer = one()
          await barrier.arrived(1)
          const secondAnswer = other()
          await barrier.arrived(2)
          await barrier.release()
          const answers = await Promise.all([firstAnswer, secondAnswer])
          const [annas, igors] = first === 'anna' ? answers : [answers[1], answers[0]]
          // One after the other: the second takes the table over if it may, else hears 409.
          const igorGetsIt = first === 'anna' ? igorTakesOver : false
          expect(annas.statusCode).toBe(200)
          expect(igors.statusCode).toBe(first === 'anna' && !igorTakesOver ? 409 : 200)
          const served = await waitersAt(code)
          if (served.length !== 1) twice.push(`${code}: ${String(served.length)} waiters`)
          else expect(served[0]).toBe(igorGetsIt ? ids.igor : ids.anna)
        }
        expect(twice).toEqual([])
      })
    }
  }
})
