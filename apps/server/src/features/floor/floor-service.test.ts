import type { KyselyPlugin } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { openTableSession, orderOlivierAt, signInAsWaiter } from '../../test/test-restaurants'
import { createRestaurantCache } from '../restaurants/restaurant-cache'
import { createRestaurantRepository } from '../restaurants/restaurant-repository'
import { paidWithFrom } from '../payments/paid-with'
import { createFloorService } from './floor-service'

/** Counts the statements sent through the Kysely instance it is plugged into. */
function statementCounter(): KyselyPlugin & { count: number } {
  const counter = {
    count: 0,
    transformQuery: (args: Parameters<KyselyPlugin['transformQuery']>[0]) => {
      counter.count++
      return args.node
    },
    transformResult: (args: Parameters<KyselyPlugin['transformResult']>[0]) =>
      Promise.resolve(args.result),
  }
  return counter
}

describe.each(testDatabaseKinds)('The floor’s queries on $name', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind)
  })
  afterAll(async () => {
    await t.close()
  })

  it('reads a waiter’s floor in the same few statements whether one table or six are busy', async () => {
    const { db } = t.database
    const counter = statementCounter()
    const restaurants = createRestaurantCache(createRestaurantRepository(db))
    const floor = createFloorService({
      db: db.withPlugin(counter),
      restaurants,
      outbox: t.app.outbox,
      raiseAlert: () => Promise.resolve(),
      // Reading the floor releases no points; closing a table (floor-routes.test.ts) does.
      bonus: { moved: () => Promise.resolve() },
      paidWith: paidWithFrom(db.withPlugin(counter)),
    })
    const signedIn = await signInAsWaiter(t.app, 'anna', '1111')
    const anna = { id: signedIn.waiter.id, restaurantId: 'demo', name: 'Анна' }
    await restaurants.get('demo')

    const statementsFor = async () => {
      counter.count = 0
      const seen = await floor.floor(anna)
      return { statements: counter.count, busy: seen.tables.filter((table) => table.session) }
    }
    const idle = await statementsFor()
    expect(idle.busy).toEqual([])

    const first = await openTableSession(t, 'demo', 'T1')
    await orderOlivierAt(t.app, first.id)
    const one = await statementsFor()
    expect(one.busy.length).toBe(1)

    for (const code of ['T2', 'T3', 'T4', 'T5', 'T6']) {
      const session = await openTableSession(t, 'demo', code)
      await orderOlivierAt(t.app, session.id)
      await orderOlivierAt(t.app, session.id)
    }
    const six = await statementsFor()
    expect(six.busy.length).toBe(6)
    expect(six.busy.every((table) => (table.session?.orders.length ?? 0) >= 1)).toBe(true)
    expect(one.statements).toBe(5)
    expect(six.statements).toBe(one.statements)
  })
})
