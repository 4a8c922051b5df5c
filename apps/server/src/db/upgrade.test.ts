import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { GARCON_TOKEN_HEADER } from '@tableside/contracts/garcon'
import { order as orderSchema } from '@tableside/contracts/orders'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../test/test-app'
import { testDatabaseKinds } from '../test/test-database'
import { loadMigrations, migrate } from './migrate'

/**
 * Upgrades keep data (issue 26). Each fixture in `upgrade-fixtures/` is what a past release
 * wrote, dumped as SQL: `NNNN-COMMIT.sql`, where NNNN is that release's last migration, and
 * beside it the order requests it answered (`NNNN-COMMIT.requests.json`). A database is built
 * with that release's migrations and data, upgraded with today's, and every row is read back
 * through today's API. A new migration adds a fixture from the release before it (README there).
 */
const FIXTURES = join(import.meta.dirname, 'upgrade-fixtures')
const releases = readdirSync(FIXTURES)
  .filter((name) => /^\d{4}-[0-9a-f]{7,40}\.sql$/.test(name))
  .sort()
  .map((name) => ({
    name: name.slice(0, -'.sql'.length),
    lastMigration: name.slice(0, 4),
    data: readFileSync(join(FIXTURES, name), 'utf8'),
    requests: JSON.parse(
      readFileSync(join(FIXTURES, name.replace(/\.sql$/, '.requests.json')), 'utf8'),
    ) as { idempotencyKey: string; body: Record<string, unknown>; id: string }[],
  }))

describe.each(testDatabaseKinds)('An upgrade on $name', (kind) => {
  describe.each(releases)('from release $name', (release) => {
    let t: TestApp
    beforeAll(async () => {
      const database = await kind.openBlank()
      const migrations = await loadMigrations()
      await migrate(
        database.db,
        migrations.filter((migration) => migration.version <= release.lastMigration),
      )
      await sql.raw(release.data).execute(database.db)
      await migrate(database.db, migrations)
      t = await startTestApp(database)
    })
    afterAll(() => t.close())

    const rows = () =>
      t.database.db
        .selectFrom('orders')
        .select(['id', 'number', 'type', 'status', 'total', 'tableRef'])
        .orderBy('number')
        .execute()

    it('holds every kind of order the release stored', async () => {
      const types = new Set((await rows()).map((row) => row.type))
      expect([...types].sort()).toEqual(['delivery', 'dine_in', 'pickup', 'preorder'])
    })

    it('reads every order back as it was placed, its table zone in the menu languages', async () => {
      for (const row of await rows()) {
        const response = await t.app.inject({ url: `/api/v1/orders/${row.id}` })
        expect(response.statusCode, `order ${String(row.number)}: ${response.body}`).toBe(200)
        const order = orderSchema.parse(response.json())
        expect(order).toMatchObject({ number: row.number, type: row.type, status: row.status })
        expect(order.totals.total).toBe(row.total)
        if (row.type === 'dine_in') {
          expect(order.table).not.toBeNull()
          const zone = order.table?.zone
          expect(zone === null || (typeof zone === 'object' && 'ru' in zone)).toBe(true)
        }
      }
    })

    it("finds every order for the diner's history", async () => {
      const ids = (await rows()).map((row) => row.id)
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/restaurants/demo/orders/lookup',
        payload: { ids },
      })
      expect(response.statusCode, response.body).toBe(200)
      expect(
        response
          .json<{ orders: { id: string }[] }>()
          .orders.map((o) => o.id)
          .sort(),
      ).toEqual([...ids].sort())
    })

    it('answers a retried order request with the order it placed then', async () => {
      expect(release.requests.length).toBeGreaterThan(0)
      for (const request of release.requests) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/v1/restaurants/demo/orders',
          headers: { 'idempotency-key': request.idempotencyKey },
          payload: request.body,
        })
        expect(response.statusCode, response.body).toBeLessThan(300)
        expect(response.json<{ id: string }>().id).toBe(request.id)
      }
    })

    it('reads every payment back', async () => {
      const payments = await t.database.db.selectFrom('payments').select(['id', 'status']).execute()
      expect(payments.length).toBeGreaterThan(0)
      for (const payment of payments) {
        const response = await t.app.inject({ url: `/api/v1/payments/${payment.id}` })
        expect(response.statusCode, response.body).toBe(200)
        expect(response.json<{ status: string }>().status).toBe(payment.status)
      }
    })

    it("lets the release's waiter sign in with their PIN and move an old order on", async () => {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/garcon/login',
        payload: { restaurantId: 'demo', login: 'anna', pin: '1111' },
      })
      expect(login.statusCode, login.body).toBe(200)
      const headers = { [GARCON_TOKEN_HEADER]: login.json<{ token: string }>().token }
      const orders = await rows()
      // A pickup waiting to be accepted, and a dine-in order at the waiter's table T1 cooking.
      const moves = [
        {
          order: orders.find((row) => row.type === 'pickup' && row.status === 'placed'),
          to: 'accepted',
        },
        {
          order: orders.find((row) => row.type === 'dine_in' && row.status === 'cooking'),
          to: 'ready',
        },
      ]
      for (const { order, to } of moves) {
        expect(order).toBeDefined()
        const moved = await t.app.inject({
          method: 'POST',
          url: `/api/v1/garcon/orders/${order?.id ?? ''}/status`,
          headers,
          payload: { status: to },
        })
        expect(moved.statusCode, moved.body).toBe(200)
        expect(moved.json<{ status: string }>().status).toBe(to)
      }
    })
  })
})
