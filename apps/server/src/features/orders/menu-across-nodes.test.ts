import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { order } from '@tableside/contracts/orders'
import { createTestApp, startTestApp, type TestApp } from '../../test/test-app'
import { postgresDatabase } from '../../test/test-database'
import {
  createOrderingRestaurant,
  numberedTables,
  openTableSession,
} from '../../test/test-restaurants'
import { testMenuFile } from '../menu/test-menu-file'

// Issue 26: a stop-listed dish stayed orderable on the other nodes for up to ~2 s after the
// manager's save answered 200 (each node holds the menu in memory and looks for changes now and
// then). Two apps on one PostgreSQL database are two nodes: each has its own menu in memory.
describe.skipIf(!postgresDatabase)('A menu change on one node, an order on another', () => {
  let one: TestApp
  let two: FastifyInstance

  beforeAll(async () => {
    if (!postgresDatabase) return
    one = await createTestApp(postgresDatabase)
    two = (await startTestApp(one.database)).app
    await createOrderingRestaurant(one, 'bistro', {
      tables: numberedTables(2),
      settings: { paymentMethods: ['cash'] },
    })
  })
  afterAll(async () => {
    await two.close()
    await one.close()
  })

  const orderBorscht = async (app: FastifyInstance, tableSessionId: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/restaurants/bistro/orders',
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        type: 'dine_in',
        lines: [{ dishId: 'borscht', quantity: 1, optionIds: ['regular'] }],
        paymentMethod: 'cash',
        tableSessionId,
      },
    })

  it('refuses a dish on every node once its stop-listing has answered, and takes it once it is back', async () => {
    const session = await openTableSession(one, 'bistro', 'T1')
    // The other node has the menu in memory: it took an order from it.
    expect((await orderBorscht(two, session.id)).statusCode).toBe(201)

    await one.menu.setAvailability('bistro', ['borscht'], false)
    const refused = await orderBorscht(two, session.id)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ error: { code: 'dish_unavailable' } })

    await one.menu.setAvailability('bistro', ['borscht'], true)
    expect((await orderBorscht(two, session.id)).statusCode).toBe(201)
  })

  it('charges the new price on every node once the change has answered', async () => {
    const session = await openTableSession(one, 'bistro', 'T2')
    const before = order.parse((await orderBorscht(two, session.id)).json())
    expect(before.lines[0]?.unitPrice).toBe(45_000)

    const menu = testMenuFile()
    const borscht = menu.menus[0]?.categories[0]?.dishes?.[0]
    if (!borscht) throw new Error('the test menu has no borscht')
    borscht.price = 47_000
    await one.menu.importMenu('bistro', menu)

    const after = order.parse((await orderBorscht(two, session.id)).json())
    expect(after.lines[0]?.unitPrice).toBe(47_000)
  })
})
