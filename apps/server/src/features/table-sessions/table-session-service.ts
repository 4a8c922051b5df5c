import type { Kysely } from 'kysely'
import { tableSessionClosed } from '@tableside/contracts/table-events'
import { tableChannel, type TableSession } from '@tableside/contracts/table-sessions'
import type { Database } from '../../db/schema'
import { HttpError, notFound } from '../../http/http-error'
import { publishEvent } from '../realtime/publish-event'
import type { Broadcaster } from '../realtime/realtime'
import type { RestaurantCache } from '../restaurants/restaurant-cache'
import {
  createTableSessionRepository,
  toTableSession,
  type TableSessionRow,
} from './table-session-repository'

export const UNKNOWN_RESTAURANT = 'This restaurant does not exist.'
export const UNKNOWN_SESSION = 'This table session does not exist.'

export const sessionExpired = () =>
  new HttpError(
    410,
    'session_expired',
    'This table session has ended. Scan the QR code on the table again.',
  )

export interface TableSessionServiceDeps {
  db: Kysely<Database>
  restaurants: RestaurantCache
  broadcaster: Broadcaster
  now?: () => Date
}

/** Table sessions: opened by a scan, shared by the table, ended by inactivity or a settled bill. */
export function createTableSessionService({
  db,
  restaurants,
  broadcaster,
  now = () => new Date(),
}: TableSessionServiceDeps) {
  const repository = createTableSessionRepository(db)

  const lifetimeMs = async (restaurantId: string) => {
    const restaurant = await restaurants.get(restaurantId)
    return (restaurant?.settings.tableSessionMinutes ?? 180) * 60_000
  }

  const end = async (row: TableSessionRow, reason: 'expired' | 'settled', at: Date) => {
    if (await repository.close(row.id, reason, at)) {
      await publishEvent(broadcaster, tableChannel(row.id), tableSessionClosed, {
        sessionId: row.id,
        reason,
      })
    }
  }

  /** The session as it is now: one whose time ran out is closed on the way. */
  const current = async (id: string): Promise<TableSessionRow | undefined> => {
    const row = await repository.find(id)
    if (!row || row.closedAt) return row
    const at = now()
    if (row.expiresAt > at) return row
    await end(row, 'expired', at)
    return repository.find(id)
  }

  return {
    async open(restaurantId: string, tableCode: string): Promise<TableSession> {
      const restaurant = await restaurants.get(restaurantId)
      if (!restaurant) throw notFound(UNKNOWN_RESTAURANT)
      const table = await repository.findTable(restaurantId, tableCode)
      if (!table) {
        throw new HttpError(404, 'table_not_found', `There is no table ${tableCode} here.`)
      }
      if (!table.enabled) {
        throw new HttpError(
          409,
          'table_disabled',
          `Table ${table.label} is not taking orders through the app right now.`,
        )
      }
      const at = now()
      const expiresAt = new Date(at.getTime() + (await lifetimeMs(restaurantId)))
      const open = await repository.findOpenForTable(table.id)
      if (open && open.expiresAt > at) {
        await repository.touch(open.id, at, expiresAt)
        return toTableSession({ ...open, lastActivityAt: at, expiresAt })
      }
      if (open) await end(open, 'expired', at)
      await repository.open(restaurantId, table.id, at, expiresAt)
      const opened = await repository.findOpenForTable(table.id)
      if (!opened) throw new Error(`The session of table ${table.id} vanished as it opened`)
      return toTableSession(opened)
    },

    async get(id: string): Promise<TableSession> {
      const row = await current(id)
      if (!row) throw notFound(UNKNOWN_SESSION)
      return toTableSession(row)
    },

    /** The open session an order or a call goes to; 404 elsewhere, 410 when it has ended. */
    async requireOpen(id: string, restaurantId: string): Promise<TableSessionRow> {
      const row = await current(id)
      if (row?.restaurantId !== restaurantId) throw notFound(UNKNOWN_SESSION)
      if (row.closedAt) throw sessionExpired()
      return row
    },

    /** The session with its table, open or not. */
    find: (id: string) => repository.find(id),

    /** Whether a session with this id exists at all (for its realtime channel). */
    async exists(id: string): Promise<boolean> {
      return (await repository.find(id)) !== undefined
    },

    /** Someone at the table ordered or called: the session lives on. */
    async touch(row: TableSessionRow): Promise<void> {
      const at = now()
      await repository.touch(
        row.id,
        at,
        new Date(at.getTime() + (await lifetimeMs(row.restaurantId))),
      )
    },

    /** Ends the session if its bill is settled: every order completed and paid, or cancelled. */
    async settleIfDone(id: string): Promise<void> {
      if (await repository.closeIfSettled(id, now())) {
        await publishEvent(broadcaster, tableChannel(id), tableSessionClosed, {
          sessionId: id,
          reason: 'settled',
        })
      }
    },
  }
}

export type TableSessionService = ReturnType<typeof createTableSessionService>
