import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUDIT_PAGE, listAudit } from '@tableside/contracts/audit'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import {
  addManager,
  createOrderingRestaurant,
  signInAsKitchen,
  signInAsManager,
  signInAsWaiter,
} from '../../test/test-restaurants'
import { createAuditLog } from './audit-log'

// Issue 17, decision 0063: every change a manager makes is in the audit log, written in the
// change's own transaction, and only the restaurant's own managers read it.
describe.each(testDatabaseKinds)('The audit log on $name', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind)
    await createOrderingRestaurant(t, 'bistro', { tables: [{ code: 'B1', label: 'B1' }] })
    await addManager(t, 'bistro', 'boss', 'bistro-password')
  })
  afterAll(async () => {
    await t.close()
  })

  const read = (headers: Record<string, string>, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/v1/admin/audit${query}`, headers })

  it('keeps an entry with its change, and loses it with a change rolled back', async () => {
    const { manager, token } = await signInAsManager(t.app)
    const audit = createAuditLog(t.database.db)
    await t.database.db.transaction().execute(async (trx) => {
      await trx.updateTable('restaurantTables').set({ seats: 6 }).where('code', '=', 'T1').execute()
      await audit.record(trx, manager, {
        action: 'update',
        entity: 'table',
        entityId: 'T1',
        before: { seats: 2 },
        after: { seats: 6 },
      })
    })
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await audit.record(trx, manager, {
          action: 'delete',
          entity: 'zone',
          entityId: 'Z2',
          before: { name: { ru: 'Терраса' } },
          after: null,
        })
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')

    const response = await read({ 'x-manager-token': token })
    expect(response.statusCode).toBe(200)
    const { entries, more } = listAudit.response.parse(response.json())
    expect(more).toBe(false)
    expect(entries).toEqual([
      {
        id: expect.any(String) as string,
        at: expect.any(String) as string,
        actor: { id: manager.id, name: 'Мария Петровна' },
        action: 'update',
        entity: 'table',
        entityId: 'T1',
        before: JSON.stringify({ seats: 2 }),
        after: JSON.stringify({ seats: 6 }),
        // T1 is not a table's id: nothing to call it by.
        subject: null,
        names: {},
      },
    ])
  })

  it('pages newest first and filters by entity', async () => {
    const { manager, token } = await signInAsManager(t.app)
    const audit = createAuditLog(t.database.db)
    for (let i = 0; i < AUDIT_PAGE + 3; i += 1) {
      await audit.record(t.database.db, manager, {
        action: 'create',
        entity: 'dish',
        entityId: `dish-${String(i)}`,
        before: null,
        after: { n: i },
      })
    }
    const first = listAudit.response.parse((await read({ 'x-manager-token': token })).json())
    expect(first.entries).toHaveLength(AUDIT_PAGE)
    expect(first.more).toBe(true)
    expect(first.entries[0]?.entityId).toBe(`dish-${String(AUDIT_PAGE + 2)}`)
    const last = first.entries.at(-1)?.id ?? ''
    const second = listAudit.response.parse(
      (await read({ 'x-manager-token': token }, `?before=${last}`)).json(),
    )
    expect(second.more).toBe(false)
    expect(second.entries.map((entry) => entry.entityId)).toEqual([
      'dish-2',
      'dish-1',
      'dish-0',
      'T1',
    ])
    const tables = listAudit.response.parse(
      (await read({ 'x-manager-token': token }, '?entity=table')).json(),
    )
    expect(tables.entries.map((entry) => entry.entityId)).toEqual(['T1'])
    for (const query of ['?before=abc', '?before=-1', '?entity=Table;drop']) {
      expect((await read({ 'x-manager-token': token }, query)).statusCode).toBe(400)
    }
  })

  it('shows another restaurant’s manager nothing, and nobody else anything', async () => {
    const { token } = await signInAsManager(t.app, 'bistro', 'boss', 'bistro-password')
    const theirs = listAudit.response.parse((await read({ 'x-manager-token': token })).json())
    expect(theirs).toEqual({ entries: [], more: false })
    const kitchen = await signInAsKitchen(t.app)
    const waiter = await signInAsWaiter(t.app, 'anna', '1111')
    const refused: Record<string, string>[] = [
      {},
      { 'x-kitchen-token': kitchen.token },
      { 'x-manager-token': kitchen.token },
      { 'x-garcon-token': waiter.token },
      { 'x-manager-token': waiter.token },
    ]
    for (const headers of refused) {
      expect((await read(headers)).statusCode).toBe(401)
    }
  })
})
