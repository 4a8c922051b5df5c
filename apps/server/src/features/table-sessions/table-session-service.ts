import type { Kysely, Transaction } from 'kysely'
import type { TableAlert } from '@tableside/contracts/garcon-alerts'
import { tableSessionClosed } from '@tableside/contracts/table-events'
import { tableChannel, type TableSession } from '@tableside/contracts/table-sessions'
import type { Database } from '../../db/schema'
import { HttpError, notFound } from '../../http/http-error'
import { publishEntry, type Outbox } from '../outbox/outbox'
import type { RestaurantCache } from '../restaurants/restaurant-cache'
import {
  createTableSessionRepository,
  toTableSession,
  type TableSessionRow,
} from './table-session-repository'

export const UNKNOWN_RESTAURANT = 'This restaurant does not exist.'
export const UNKNOWN_SESSION = 'This table session does not exist.'

/** A code (the old links), a token that never was, or another restaurant's: the same answer. */
export const tableLinkOutdated = () =>
  new HttpError(
    404,
    'table_link_outdated',
    'This link does not open a table: scan the QR code on your table.',
  )

export const tableQrReplaced = () =>
  new HttpError(
    410,
    'table_qr_replaced',
    'This QR code has been replaced: scan the one on your table now.',
  )

export const tableDisabled = (label: string) =>
  new HttpError(
    409,
    'table_disabled',
    `Table ${label} is not taking orders through the app right now.`,
  )

export const sessionExpired = () =>
  new HttpError(
    410,
    'session_expired',
    'This table session has ended. Scan the QR code on the table again.',
  )

/** What a close tells the phones at the table, as an outbox entry (decision 0027). */
export const closedEntry = (sessionId: string, reason: 'expired' | 'settled') =>
  publishEntry(tableChannel(sessionId), tableSessionClosed, { sessionId, reason })

/**
 * Tells whoever hears the table of session `tableSessionId` (the waiter area's alerts, composed
 * by the app), in `trx`.
 */
export type AlertAtTable = (
  trx: Transaction<Database>,
  tableSessionId: string,
  alert: TableAlert,
) => Promise<unknown>

/**
 * A session that ran out this long before it was ended is news to nobody (every server was
 * down meanwhile): it ends without an alert, so a restart does not ring for yesterday's tables.
 */
export const ENDED_LONG_AGO_MS = 60 * 60_000

export interface SessionEndDeps {
  outbox: Outbox
  alertAtTable?: AlertAtTable | undefined
}

/**
 * Ends, in `trx`, a session whose time ran out by `at`, however it is found (the sweep, a phone,
 * a waiter): the phones at the table hear `table-session.closed`, and the table's waiters but
 * `except` are told the visit ended (decision 0049). The close is a compare-and-set, so of all
 * who end one session at once exactly one does it and alerts; false for the others, and for a
 * session that has not run out (touched meanwhile).
 */
export async function expireSession(
  trx: Transaction<Database>,
  sessionId: string,
  at: Date,
  deps: SessionEndDeps,
  except: readonly string[] = [],
): Promise<boolean> {
  const ended = await createTableSessionRepository(trx).expire(sessionId, at, trx)
  if (!ended) return false
  await deps.outbox.add([closedEntry(sessionId, 'expired')], trx)
  if (ended.expiresAt.getTime() > at.getTime() - ENDED_LONG_AGO_MS) {
    await deps.alertAtTable?.(trx, sessionId, {
      kind: 'session_ended',
      orderNumber: null,
      detail: { closedReason: 'expired', idleMinutes: ended.idleMinutes },
      except,
    })
  }
  return true
}

export interface TableSessionServiceDeps {
  db: Kysely<Database>
  restaurants: RestaurantCache
  /** Where a close's `table-session.closed` goes, in the transaction that closes (decision 0027). */
  outbox: Outbox
  /**
   * Tells whoever hears the table that its visit ended (the waiter area's "session ended"), in
   * the transaction that ends it: its bill settled, or its time run out (decision 0049; the
   * sweep in `session-expiry.ts` ends it if no phone does first).
   */
  alertAtTable?: AlertAtTable
  now?: () => Date
}

/** Table sessions: opened by a scan, shared by the table, ended by inactivity or a settled bill. */
export function createTableSessionService({
  db,
  restaurants,
  outbox,
  alertAtTable,
  now = () => new Date(),
}: TableSessionServiceDeps) {
  const repository = createTableSessionRepository(db)

  const lifetimeMs = async (restaurantId: string) => {
    const restaurant = await restaurants.get(restaurantId)
    return (restaurant?.settings.tableSessionMinutes ?? 180) * 60_000
  }

  /** Ends a session that ran out, found on the way: as the sweep would have (decision 0049). */
  const expire = async (row: TableSessionRow, at: Date) => {
    const closed = await db
      .transaction()
      .execute((trx) => expireSession(trx, row.id, at, { outbox, alertAtTable }))
    if (closed) void outbox.kick()
  }

  /** The session as it is now: one whose time ran out is closed on the way. */
  const current = async (id: string): Promise<TableSessionRow | undefined> => {
    const row = await repository.find(id)
    if (!row || row.closedAt) return row
    const at = now()
    if (row.expiresAt > at) return row
    await expire(row, at)
    return repository.find(id)
  }

  return {
    /**
     * Opens or joins the session of the table whose QR code carries `qrToken` (decision 0026).
     * The table's row is share-locked while the session opens, so a manager taking the table out
     * of service (which locks it for update) either finishes first, and the scan is refused, or
     * waits and finds diners there (decision 0076).
     */
    async open(restaurantId: string, qrToken: string): Promise<TableSession> {
      const restaurant = await restaurants.get(restaurantId)
      if (!restaurant) throw notFound(UNKNOWN_RESTAURANT)
      const found = await repository.findTableByQrToken(restaurantId, qrToken)
      if (!found) {
        throw (await repository.isRetiredQrToken(restaurantId, qrToken))
          ? tableQrReplaced()
          : tableLinkOutdated()
      }
      if (!found.enabled) throw tableDisabled(found.label)
      const lifetime = await lifetimeMs(restaurantId)
      const { session, ended } = await db.transaction().execute(async (trx) => {
        const table = await repository.lockTableToOpen(trx, found.id)
        // Its code was replaced since it was found: this scan carries the old one.
        if (table?.qrToken !== qrToken) throw tableQrReplaced()
        if (!table.enabled) throw tableDisabled(table.label)
        const at = now()
        const expiresAt = new Date(at.getTime() + lifetime)
        const open = await repository.findOpenForTable(table.id, trx)
        if (open && open.expiresAt > at) {
          await repository.touch(open.id, at, expiresAt, trx)
          return {
            session: toTableSession({ ...open, lastActivityAt: at, expiresAt }),
            ended: false,
          }
        }
        const ended = open ? await expireSession(trx, open.id, at, { outbox, alertAtTable }) : false
        await repository.open(restaurantId, table.id, at, expiresAt, trx)
        const opened = await repository.findOpenForTable(table.id, trx)
        if (!opened) throw new Error(`The session of table ${table.id} vanished as it opened`)
        return { session: toTableSession(opened), ended }
      })
      if (ended) void outbox.kick()
      return session
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
      const closed = await db.transaction().execute(async (trx) => {
        if (!(await repository.closeIfSettled(id, now(), trx))) return false
        await outbox.add([closedEntry(id, 'settled')], trx)
        await alertAtTable?.(trx, id, {
          kind: 'session_ended',
          orderNumber: null,
          detail: { closedReason: 'settled' },
        })
        return true
      })
      if (closed) void outbox.kick()
    },
  }
}

export type TableSessionService = ReturnType<typeof createTableSessionService>
