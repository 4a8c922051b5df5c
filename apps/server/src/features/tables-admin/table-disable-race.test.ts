import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import { errorBody } from '@tableside/contracts/errors'
import { describeRace, RACE_RUNS } from '../../test/race-app'
import { createTestApp, type TestApp } from '../../test/test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { signInAsManager } from '../../test/test-restaurants'
import { HttpError } from '../../http/http-error'
import { createRestaurantCache } from '../restaurants/restaurant-cache'
import { createRestaurantRepository } from '../restaurants/restaurant-repository'
import { createTableSessionService } from '../table-sessions/table-session-service'

/**
 * A diner opens a table while the manager takes it out of service (decision 0076). Whichever
 * comes first wins and the other is told why: the table is disabled and nobody sits there
 * (the scan says `table_disabled`), or diners sit there and it stays in service (the switch
 * says `table_occupied`). Never both a 200 for the switch and a new session at the table.
 * Before opening locked the table's row, the scan read "enabled" before the switch committed
 * and opened its session after: a disabled table with diners at it.
 */
interface Contest {
  opened: LightMyRequestResponse
  disabled: LightMyRequestResponse
  enabled: boolean
  openSessions: number
}

/** What went wrong in one contest, or undefined when one side won and the other was told why. */
function broken({ opened, disabled, enabled, openSessions }: Contest): string | undefined {
  const seen = `scan ${String(opened.statusCode)}, switch ${String(disabled.statusCode)}, ${
    enabled ? 'enabled' : 'disabled'
  } with ${String(openSessions)} open session(s)`
  if (disabled.statusCode === 200) {
    const refused =
      opened.statusCode === 409 &&
      errorBody.parse(opened.json()).error.code === 'table_disabled' &&
      !enabled &&
      openSessions === 0
    return refused ? undefined : seen
  }
  const kept =
    disabled.statusCode === 409 &&
    errorBody.parse(disabled.json()).error.code === 'table_occupied' &&
    opened.statusCode === 201 &&
    enabled &&
    openSessions === 1
  return kept ? undefined : seen
}

/** A fresh table of the demo restaurant for each contest, so contests never share a session. */
async function freshTable(t: TestApp, code: string) {
  return t.database.db
    .insertInto('restaurantTables')
    .values({ restaurantId: 'demo', code, label: code })
    .returning(['id', 'qrToken'])
    .executeTakeFirstOrThrow()
}

/** Whether the table takes diners, and how many sessions are open at it. */
async function tableState(t: TestApp, tableId: string) {
  const { db } = t.database
  const table = await db
    .selectFrom('restaurantTables')
    .select('enabled')
    .where('id', '=', tableId)
    .executeTakeFirstOrThrow()
  const sessions = await db
    .selectFrom('tableSessions')
    .select('id')
    .where('tableId', '=', tableId)
    .where('closedAt', 'is', null)
    .execute()
  return { enabled: table.enabled, openSessions: sessions.length }
}

const scan = (t: TestApp, qrToken: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/restaurants/demo/table-sessions',
    payload: { tableToken: qrToken },
  })

const disable = (t: TestApp, token: string, tableId: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/v1/admin/tables/${tableId}`,
    headers: { 'x-manager-token': token },
    payload: { enabled: false },
  })

/** Lets the event loop turn `count` times: the second contender starts that far into the first. */
const turns = async (count: number) => {
  for (let turn = 0; turn < count; turn++) await new Promise((resolve) => setImmediate(resolve))
}

describe.each(testDatabaseKinds)('Opening a table as it is disabled, on $name', (kind) => {
  let t: TestApp
  let manager: string
  beforeAll(async () => {
    t = await createTestApp(kind)
    manager = (await signInAsManager(t.app)).token
  })
  afterAll(async () => {
    await t.close()
  })

  /**
   * The scan's own service, whose restaurant lookup lets the manager switch the table off
   * (the whole request, to its 200) once the scan has found the table by its token and before
   * it opens a session: the one interleaving PGlite's single connection can give, made certain.
   */
  const scanning = (onLookup: (count: number) => Promise<void>) => {
    const cache = createRestaurantCache(createRestaurantRepository(t.database.db))
    let lookups = 0
    return createTableSessionService({
      db: t.database.db,
      outbox: t.app.outbox,
      restaurants: {
        ...cache,
        async get(id) {
          await onLookup(++lookups)
          return cache.get(id)
        },
      },
    })
  }

  it('refuses a scan that found the table before the manager switched it off, and opens nothing', async () => {
    const table = await freshTable(t, 'RACE1')
    let disabled: LightMyRequestResponse | undefined
    const sessions = scanning(async (count) => {
      // The first lookup checks the restaurant; a later one comes after the table was found.
      if (count === 2) disabled = await disable(t, manager, table.id)
    })
    const opened = await sessions.open('demo', table.qrToken).then(
      () => 'opened',
      (error: unknown) => (error instanceof HttpError ? error.code : String(error)),
    )
    expect(disabled?.statusCode).toBe(200)
    expect(opened).toBe('table_disabled')
    expect(await tableState(t, table.id)).toEqual({ enabled: false, openSessions: 0 })
  })

  it('either opens the table and keeps it in service, or disables it and opens nothing', async () => {
    const problems: string[] = []
    for (const first of ['scan', 'switch'] as const) {
      for (let run = 0; run < 4; run++) {
        const table = await freshTable(t, `RACE${first}${String(run)}`)
        const open = () => scan(t, table.qrToken)
        const switchOff = () => disable(t, manager, table.id)
        const [one, other] = first === 'scan' ? [open, switchOff] : [switchOff, open]
        const firstAnswer = one()
        await turns(run)
        const answers = await Promise.all([firstAnswer, other()])
        const [opened, disabled] = first === 'scan' ? answers : [answers[1], answers[0]]
        const problem = broken({ opened, disabled, ...(await tableState(t, table.id)) })
        if (problem) problems.push(`${first} first: ${problem}`)
      }
    }
    expect(problems).toEqual([])
  })
})

describeRace('Opening a table as it is disabled', (race) => {
  let manager: string
  let next = 0
  beforeAll(async () => {
    manager = (await signInAsManager(race().t.app)).token
  })

  for (const first of ['switch', 'scan'] as const) {
    it(`either opens the table or disables it, never both (the ${first} reaches the table first)`, async () => {
      const { t } = race()
      const problems: string[] = []
      for (let run = 0; run < RACE_RUNS; run++) {
        const table = await freshTable(t, `PGRACE${String(next++)}`)
        // Holds the table's row: both contenders queue behind it, in the order they start.
        const barrier = await race().barrier(
          'select id from restaurant_tables where id = $1 for update',
          [table.id],
        )
        const switchOff = () => disable(t, manager, table.id)
        const open = () => scan(t, table.qrToken)
        const [one, other] = first === 'switch' ? [switchOff, open] : [open, switchOff]
        const firstAnswer = one()
        await barrier.arrived(1)
        const secondAnswer = other()
        await barrier.arrived(2)
        await barrier.release()
        const answers = await Promise.all([firstAnswer, secondAnswer])
        const [disabled, opened] = first === 'switch' ? answers : [answers[1], answers[0]]
        const problem = broken({ opened, disabled, ...(await tableState(t, table.id)) })
        if (problem) problems.push(problem)
      }
      expect(problems).toEqual([])
    })
  }
})
