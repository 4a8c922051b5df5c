import type { Kysely } from 'kysely'
import { garconChannel, waiterCallUpdated } from '@tableside/contracts/table-events'
import { tableChannel } from '@tableside/contracts/table-sessions'
import type { WaiterCall, WaiterCallReason } from '@tableside/contracts/waiter-calls'
import type { Database } from '../../db/schema'
import { HttpError, notFound } from '../../http/http-error'
import { publishEvent } from '../realtime/publish-event'
import type { Broadcaster } from '../realtime/realtime'
import type { TableSessionService } from '../table-sessions/table-session-service'
import {
  createWaiterCallRepository,
  toWaiterCall,
  type WaiterCallRow,
} from './waiter-call-repository'

const UNKNOWN_CALL = 'This waiter call does not exist.'

export interface WaiterCallServiceDeps {
  db: Kysely<Database>
  tableSessions: TableSessionService
  broadcaster: Broadcaster
  /** The waiters who hear calls from a table (all of the restaurant's, until tables are assigned). */
  waitersOf?: (restaurantId: string) => Promise<readonly string[]>
  now?: () => Date
}

/** Calls to the waiter: one open per reason per session, followed live by the table and the waiters. */
export function createWaiterCallService(deps: WaiterCallServiceDeps) {
  const { tableSessions, broadcaster } = deps
  const now = deps.now ?? (() => new Date())
  const repository = createWaiterCallRepository(deps.db)

  const announce = async (row: WaiterCallRow): Promise<WaiterCall> => {
    const session = await tableSessions.find(row.tableSessionId)
    if (!session) throw notFound(UNKNOWN_CALL)
    const call = toWaiterCall(row, session)
    const waiters = (await deps.waitersOf?.(row.restaurantId)) ?? []
    await publishEvent(
      broadcaster,
      [tableChannel(row.tableSessionId), ...waiters.map(garconChannel)],
      waiterCallUpdated,
      call,
    )
    return call
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
      const { row, created } = await repository.open(session, reason, comment ? comment : null)
      if (!created) return toWaiterCall(row, session)
      await tableSessions.touch(session)
      return announce(row)
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
      const updated = await repository.acknowledge(id, { id: waiter.id, name: waiter.name }, now())
      return updated ? announce(updated) : unchanged(await ofRestaurant(id, waiter.restaurantId))
    },

    async complete(id: string, waiter: { id: string; name: string; restaurantId: string }) {
      const row = await ofRestaurant(id, waiter.restaurantId)
      if (row.status === 'done') return unchanged(row)
      const updated = await repository.complete(id, { id: waiter.id, name: waiter.name }, now())
      return updated ? announce(updated) : unchanged(await ofRestaurant(id, waiter.restaurantId))
    },
  }

  async function unchanged(row: WaiterCallRow): Promise<WaiterCall> {
    const session = await tableSessions.find(row.tableSessionId)
    if (!session) throw notFound(UNKNOWN_CALL)
    return toWaiterCall(row, session)
  }
}

export type WaiterCallService = ReturnType<typeof createWaiterCallService>
