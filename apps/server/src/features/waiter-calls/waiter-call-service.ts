import type { Kysely, Transaction } from 'kysely'
import { garconChannel, waiterCallUpdated } from '@tableside/contracts/table-events'
import { tableChannel } from '@tableside/contracts/table-sessions'
import type { WaiterCall, WaiterCallReason } from '@tableside/contracts/waiter-calls'
import type { Database } from '../../db/schema'
import { HttpError, notFound } from '../../http/http-error'
import { publishEntry, type Outbox } from '../outbox/outbox'
import type { TableSessionRow } from '../table-sessions/table-session-repository'
import type { TableSessionService } from '../table-sessions/table-session-service'
import {
  createWaiterCallRepository,
  toWaiterCall,
  type WaiterCallRepository,
  type WaiterCallRow,
} from './waiter-call-repository'

const UNKNOWN_CALL = 'This waiter call does not exist.'

export interface WaiterCallServiceDeps {
  db: Kysely<Database>
  tableSessions: TableSessionService
  /** Where a call's `waiter-call.updated` goes, in the statement's transaction (decision 0027). */
  outbox: Outbox
  /** The waiters who hear of the calls from a table, as they are now (the app composes the rule). */
  waitersOf?: (
    table: Pick<TableSessionRow, 'restaurantId' | 'tableId'>,
  ) => Promise<readonly string[]>
  /**
   * Alerts the waiters who hear a new call, in the transaction that makes it (the app gives
   * the waiter area's stored alerts): a call that does not commit alerts nobody.
   */
  alertWaiters?: (
    trx: Transaction<Database>,
    call: WaiterCall,
    restaurantId: string,
    waiterIds: readonly string[],
  ) => Promise<unknown>
  /**
   * A call answered ("on my way" or done), in the transaction that answers it: its alerts leave
   * the waiters' feeds (decision 0123).
   */
  callAnswered?: (trx: Transaction<Database>, call: WaiterCall) => Promise<unknown>
  now?: () => Date
}

/** Calls to the waiter: one open per reason per session, followed live by the table and the waiters. */
export function createWaiterCallService(deps: WaiterCallServiceDeps) {
  const { tableSessions, outbox } = deps
  const now = deps.now ?? (() => new Date())
  const repository = createWaiterCallRepository(deps.db)

  /**
   * Runs `change` (a write that returns the call it changed, or nothing) in a transaction that
   * also writes the call's `waiter-call.updated` to the outbox: the table and its waiters (as
   * they are now) hear of every change that commits, however late.
   */
  const announced = async (
    session: TableSessionRow,
    change: (calls: WaiterCallRepository) => Promise<WaiterCallRow | undefined>,
    { alert = false }: { alert?: boolean } = {},
  ): Promise<WaiterCall | undefined> => {
    const waiters = (await deps.waitersOf?.(session)) ?? []
    const call = await deps.db.transaction().execute(async (trx) => {
      const row = await change(createWaiterCallRepository(trx))
      if (!row) return undefined
      const changed = toWaiterCall(row, session)
      await outbox.add(
        [
          publishEntry(
            [tableChannel(row.tableSessionId), ...waiters.map(garconChannel)],
            waiterCallUpdated,
            changed,
          ),
        ],
        trx,
      )
      if (alert) await deps.alertWaiters?.(trx, changed, session.restaurantId, waiters)
      if (changed.status !== 'open') await deps.callAnswered?.(trx, changed)
      return changed
    })
    if (call) void outbox.kick()
    return call
  }

  const sessionOf = async (row: WaiterCallRow) => {
    const session = await tableSessions.find(row.tableSessionId)
    if (!session) throw notFound(UNKNOWN_CALL)
    return session
  }

  const ofRestaurant = async (id: string, restaurantId: string) => {
    const row = await repository.find(id)
    if (row?.restaurantId !== restaurantId) throw notFound(UNKNOWN_CALL)
    return row
  }

  return {
    async call(
      restaurantId: string,
      tableSessionId: string,
      reason: WaiterCallReason,
      comment: string | undefined,
    ): Promise<WaiterCall> {
      if (reason === 'other' && !comment) {
        throw new HttpError(400, 'validation_failed', 'Say what you need.', [
          { path: 'body.comment', message: 'Say what you need.' },
        ])
      }
      const session = await tableSessions.requireOpen(tableSessionId, restaurantId)
      let existing: WaiterCallRow | undefined
      const made = await announced(
        session,
        async (calls) => {
          const { row, created } = await calls.open(session, reason, comment ? comment : null)
          if (!created) existing = row
          return created ? row : undefined
        },
        { alert: true },
      )
      if (!made) {
        if (!existing) throw new Error('A waiter call was neither made nor found open')
        return toWaiterCall(existing, session)
      }
      await tableSessions.touch(session)
      return made
    },

    async list(tableSessionId: string): Promise<WaiterCall[]> {
      const session = await tableSessions.find(tableSessionId)
      if (!session) throw notFound('This table session does not exist.')
      return (await repository.listBySession(tableSessionId)).map((row) =>
        toWaiterCall(row, session),
      )
    },

    async acknowledge(id: string, waiter: { id: string; name: string; restaurantId: string }) {
      const row = await ofRestaurant(id, waiter.restaurantId)
      if (row.status !== 'open') return unchanged(row)
      const by = { id: waiter.id, name: waiter.name }
      const updated = await announced(await sessionOf(row), (calls) =>
        calls.acknowledge(id, by, now()),
      )
      return updated ?? unchanged(await ofRestaurant(id, waiter.restaurantId))
    },

    async complete(id: string, waiter: { id: string; name: string; restaurantId: string }) {
      const row = await ofRestaurant(id, waiter.restaurantId)
      if (row.status === 'done') return unchanged(row)
      const by = { id: waiter.id, name: waiter.name }
      const updated = await announced(await sessionOf(row), (calls) =>
        calls.complete(id, by, now()),
      )
      return updated ?? unchanged(await ofRestaurant(id, waiter.restaurantId))
    },
  }

  async function unchanged(row: WaiterCallRow): Promise<WaiterCall> {
    return toWaiterCall(row, await sessionOf(row))
  }
}

export type WaiterCallService = ReturnType<typeof createWaiterCallService>
