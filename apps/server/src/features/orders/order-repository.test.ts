import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { createTestRestaurant } from '../menu/test-menu-file'
import { createOrderRepository, type NewOrder } from './order-repository'

const HOUR = 3_600_000

describe.each(testDatabaseKinds)('Orders placed together on $name', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind)
    for (const id of ['north', 'south']) {
      await createTestRestaurant(t.database.db, id)
      await t.database.db
        .insertInto('restaurantTables')
        .values([
          { restaurantId: id, code: 'T1', label: '1' },
          { restaurantId: id, code: 'T2', label: '2' },
        ])
        .execute()
    }
  })
  afterAll(async () => {
    await t.close()
  })

  const openSession = async (restaurantId: string, tableCode: string, expiresInMs = HOUR) => {
    const table = await t.database.db
      .selectFrom('restaurantTables')
      .select('id')
      .where('restaurantId', '=', restaurantId)
      .where('code', '=', tableCode)
      .executeTakeFirstOrThrow()
    const session = await t.database.db
      .insertInto('tableSessions')
      .values({
        restaurantId,
        tableId: table.id,
        expiresAt: new Date(Date.now() + expiresInMs),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return session.id
  }

  const newOrder = (restaurantId: string, patch: Partial<NewOrder> = {}): NewOrder => {
    const placedAt = new Date()
    return {
      restaurantId,
      type: 'pickup',
      tableSessionId: null,
      sessionExpiresAt: null,
      contact: { name: 'Анна', phone: '+79123456789' },
      address: null,
      scheduledFor: null,
      guests: null,
      comment: null,
      paymentMethod: 'cash',
      currency: 'RUB',
      lines: [],
      totals: { subtotal: 100, serviceCharge: 0, deliveryFee: 0, discount: 0, tip: 0, total: 100 },
      idempotencyKey: randomUUID(),
      requestHash: 'hash',
      placedAt,
      waiterChannels: [],
      // The restaurants here never had a menu imported: their menu is at its first version.
      menuVersion: '1',
      ...patch,
    }
  }

  const dineIn = (tableSessionId: string): Partial<NewOrder> => ({
    type: 'dine_in',
    tableSessionId,
    contact: null,
    sessionExpiresAt: new Date(Date.now() + 2 * HOUR),
  })

  it('numbers each restaurant’s orders without gaps or repeats, and refuses only what it must', async () => {
    const repository = createOrderRepository(t.database.db)
    const northTable = await openSession('north', 'T1')
    const southTable = await openSession('south', 'T1')
    const endedTable = await openSession('north', 'T2', -1_000)
    const repeated = newOrder('north')
    const orders = [
      ...Array.from({ length: 30 }, (_, index) =>
        index % 3 === 0
          ? newOrder('north', dineIn(northTable))
          : index % 3 === 1
            ? newOrder('south', dineIn(southTable))
            : newOrder(index % 2 === 0 ? 'north' : 'south'),
      ),
      repeated,
      { ...repeated, requestHash: 'another body, same key' },
      // Another restaurant's session, a session that ran out.
      newOrder('south', dineIn(northTable)),
      newOrder('north', dineIn(endedTable)),
    ]
    const answers = await Promise.allSettled(orders.map((order) => repository.insert(order)))

    const placed = answers.flatMap((answer) =>
      answer.status === 'fulfilled' && answer.value ? [answer.value] : [],
    )
    expect(placed).toHaveLength(31)
    const nothing = answers.flatMap((answer, index) =>
      answer.status === 'fulfilled' && !answer.value ? [index] : [],
    )
    expect(nothing).toEqual([31, 32, 33])

    for (const restaurantId of ['north', 'south']) {
      const numbers = placed
        .filter((row) => row.restaurantId === restaurantId)
        .map((row) => row.number)
        .sort((a, b) => a - b)
      expect(numbers).toEqual(numbers.map((_, index) => index + 1))
    }
    const kept = await t.database.db
      .selectFrom('orders')
      .select(['idempotencyKey', 'requestHash', 'tableRef'])
      .where('restaurantId', 'in', ['north', 'south'])
      .execute()
    expect(kept).toHaveLength(31)
    expect(kept.find((row) => row.idempotencyKey === repeated.idempotencyKey)?.requestHash).toBe(
      'hash',
    )
    const atTables = placed.filter((row) => row.tableSessionId !== null)
    expect(atTables).toHaveLength(20)
    for (const row of atTables) expect(row.tableRef).toEqual({ code: 'T1', label: '1', zone: null })
  })

  it('refuses an order the database refuses without the others that came with it', async () => {
    const repository = createOrderRepository(t.database.db)
    const orders = [newOrder('south'), newOrder('south'), newOrder('south', { guests: 99 })]
    const [first, ...together] = orders.map((order) => repository.insert(order))
    // The first goes alone; the two that arrive while it runs share the next statement.
    const answers = await Promise.allSettled([first, ...together])
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'fulfilled', 'rejected'])
    const [, second] = answers
    expect(second?.status === 'fulfilled' && second.value?.idempotencyKey).toBe(
      orders[1]?.idempotencyKey,
    )
  })

  it('leaves a session that only saw a replay as it was', async () => {
    const repository = createOrderRepository(t.database.db)
    const session = await openSession('south', 'T2')
    const first = newOrder('south', dineIn(session))
    expect(await repository.insert(first)).toBeDefined()
    const before = await t.database.db
      .selectFrom('tableSessions')
      .select(['expiresAt', 'lastActivityAt'])
      .where('id', '=', session)
      .executeTakeFirstOrThrow()
    const replay = { ...first, placedAt: new Date(Date.now() + 60_000) }
    replay.sessionExpiresAt = new Date(replay.placedAt.getTime() + 5 * HOUR)
    expect(await repository.insert(replay)).toBeUndefined()
    const after = await t.database.db
      .selectFrom('tableSessions')
      .select(['expiresAt', 'lastActivityAt'])
      .where('id', '=', session)
      .executeTakeFirstOrThrow()
    expect(after).toEqual(before)
  })

  /** The repository on a handle that counts the statements it runs, and how often it told. */
  const counted = (options: { gatherMs: number }) => {
    let statements = 0
    let told = 0
    const db = t.database.db.withPlugin({
      transformQuery: ({ node }) => {
        statements++
        return node
      },
      transformResult: ({ result }) => Promise.resolve(result),
    })
    const repository = createOrderRepository(db, { ...options, placed: () => told++ })
    return { repository, statements: () => statements, told: () => told }
  }
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

  it('gathers orders that keep coming into one statement, tells of it once, and keeps neither a lone order nor a burst waiting', async () => {
    // Orders 10 ms apart: the first goes at once; the second came soon after it, so its
    // statement waits 50 ms from its coming and takes the two that follow.
    const { repository, statements, told } = counted({ gatherMs: 50 })
    const answers: Promise<unknown>[] = []
    for (let index = 0; index < 4; index++) {
      if (index > 0) await sleep(10)
      answers.push(repository.insert(newOrder('north')))
    }
    expect((await Promise.all(answers)).filter((row) => row !== undefined)).toHaveLength(4)
    expect(statements()).toBe(2)
    // The outbox is kicked once a statement, not once an order.
    expect(told()).toBe(2)

    // Alone, an order is written at once: were it kept for its minute, this would time out.
    const idle = counted({ gatherMs: 60_000 })
    expect(await idle.repository.insert(newOrder('north'))).toBeDefined()
    expect(idle.statements()).toBe(1)
    // Eight orders waiting go at once too: they share a statement without waiting for more.
    const burst = Array.from({ length: 8 }, () => idle.repository.insert(newOrder('north')))
    expect((await Promise.all(burst)).filter((row) => row !== undefined)).toHaveLength(8)
    expect(idle.statements()).toBe(2)
  })
})
