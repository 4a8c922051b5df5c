import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBody } from '@tableside/contracts/errors'
import { MANAGER_TOKEN_HEADER } from '@tableside/contracts/staff'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { addManager, createOrderingRestaurant, signInAsManager } from '../../test/test-restaurants'

const API = '/api/v1'
const PASSWORD = 'duo-password-1'

// Decision 0075: managers changing each other at the same moment, on separate connections too.
describe.each(testDatabaseKinds)('Managers racing each other on $name', (kind) => {
  let t: TestApp

  const deactivate = (token: string, staffId: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `${API}/admin/staff/${staffId}`,
      headers: { [MANAGER_TOKEN_HEADER]: token },
      payload: { active: false },
    })
  const activeManagers = async (restaurantId: string) =>
    (
      await t.database.db
        .selectFrom('staff')
        .select('login')
        .where('restaurantId', '=', restaurantId)
        .where('role', '=', 'manager')
        .where('active', '=', true)
        .orderBy('login')
        .execute()
    ).map((row) => row.login)
  /** The restaurant's managers, every one active again and signed in afresh. */
  const managersOf = async (restaurantId: string, logins: string[]) => {
    await t.database.db
      .updateTable('staff')
      .set({ active: true })
      .where('restaurantId', '=', restaurantId)
      .execute()
    const signed = []
    for (const login of logins) {
      const { token, manager } = await signInAsManager(t.app, restaurantId, login, PASSWORD)
      signed.push({ token, id: manager.id })
    }
    return signed
  }

  beforeAll(async () => {
    t = await createTestApp(kind)
    await createOrderingRestaurant(t, 'duo', { tables: [{ code: 'D1', label: 'D1' }] })
    await createOrderingRestaurant(t, 'trio', { tables: [{ code: 'T1', label: 'T1' }] })
    for (const login of ['ann', 'bob']) await addManager(t, 'duo', login, PASSWORD)
    for (const login of ['ann', 'bob', 'cyd']) await addManager(t, 'trio', login, PASSWORD)
  })
  afterAll(async () => {
    await t.close()
  })

  it('two managers deactivating each other at once: one goes, the restaurant keeps a manager', async () => {
    for (let round = 0; round < 3; round += 1) {
      const [ann, bob] = await managersOf('duo', ['ann', 'bob'])
      if (!ann || !bob) throw new Error('two managers')
      const responses = await Promise.all([
        deactivate(ann.token, bob.id),
        deactivate(bob.token, ann.id),
      ])
      const statuses = responses.map((response) => response.statusCode)
      expect(
        statuses.filter((status) => status === 200),
        `round ${String(round)}`,
      ).toHaveLength(1)
      const refused = responses.find((response) => response.statusCode !== 200)
      // Refused under the lock (no manager would be left), or already signed out by the winner.
      const code = errorBody.parse(refused?.json()).error.code
      expect([
        [409, 'last_active_manager'],
        [401, 'unauthorized'],
      ]).toContainEqual([refused?.statusCode, code])
      expect(await activeManagers('duo')).toHaveLength(1)
    }
  })

  it('a manager deactivated a moment ago changes nothing more, though they were signed in when they asked', async () => {
    for (let round = 0; round < 3; round += 1) {
      const [ann, bob, cyd] = await managersOf('trio', ['ann', 'bob', 'cyd'])
      if (!ann || !bob || !cyd) throw new Error('three managers')
      // Ann stops Bob while Bob stops Cyd.
      const [annAsked, bobAsked] = await Promise.all([
        deactivate(ann.token, bob.id),
        deactivate(bob.token, cyd.id),
      ])
      expect(annAsked.statusCode).toBe(200)
      const entries = await t.database.db
        .selectFrom('auditLog')
        .select(['entityId', 'actorId'])
        .where('restaurantId', '=', 'trio')
        .where('action', '=', 'deactivate')
        .orderBy('id', 'desc')
        .limit(bobAsked.statusCode === 200 ? 2 : 1)
        .execute()
      if (bobAsked.statusCode === 200) {
        // Bob's change went first, while he was still a manager; then Ann's.
        expect(entries.map((entry) => entry.entityId)).toEqual([bob.id, cyd.id])
        expect(await activeManagers('trio')).toEqual(['ann'])
      } else {
        expect(bobAsked.statusCode).toBe(401)
        expect(errorBody.parse(bobAsked.json()).error.code).toBe('unauthorized')
        expect(entries.map((entry) => entry.entityId)).toEqual([bob.id])
        expect(await activeManagers('trio')).toEqual(['ann', 'cyd'])
      }
    }
  })
})
