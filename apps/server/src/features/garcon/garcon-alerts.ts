import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely, Transaction } from 'kysely'
import type { Waiter } from '@tableside/contracts/garcon'
import {
  GARCON_ALERTS_LISTED,
  GARCON_NEWS_MINUTES,
  garconAlertCreated,
  garconAlertsHandled,
  garconAlertsRead,
  listGarconAlerts,
  readAllGarconAlerts,
  readGarconAlert,
  type GarconAlert,
  type GarconAlertKind,
  type TableAlert,
} from '@tableside/contracts/garcon-alerts'
import type { OrderStatus } from '@tableside/contracts/order-status'
import type { WaiterCall } from '@tableside/contracts/waiter-calls'
import { garconChannel } from '@tableside/contracts/table-events'
import type { Database } from '../../db/schema'
import { notFound } from '../../http/http-error'
import { registerEndpoint } from '../../http/register-endpoint'
import { publishEntry, type Outbox } from '../outbox/outbox'
import { publishEvent } from '../realtime/publish-event'
import type { Broadcaster } from '../realtime/realtime'
import { restaurantLanguage } from '../restaurants/restaurant-repository'
import {
  createGarconAlertRepository,
  type GarconAlertEntry,
  type GarconAlertRow,
  type HandledCause,
} from './garcon-alert-repository'
import type { GarconPush, PushAlert } from './garcon-push'

/** The outbox kind that sends an alert to a waiter's locked phones once its write commits. */
export const GARCON_PUSH = 'garcon-push'

/**
 * The outbox kind of alert rows that SQL wrote elsewhere (the statement that places orders,
 * decision 0021): its payload is a `GarconAlertEntry` (a statement's alerts), and delivering it
 * tells each waiter's channel and pushes to their locked phones, as `raise`'s entries do.
 */
export const GARCON_ALERT = 'garcon-alert'

/** An alert as a service raises it, before it is anyone's row. */
export type NewGarconAlert = Omit<GarconAlert, 'id' | 'createdAt' | 'readAt'>

const toAlert = (row: GarconAlertRow): GarconAlert => ({
  id: row.id,
  kind: row.kind,
  table:
    row.tableCode !== null && row.tableLabel !== null
      ? { code: row.tableCode, label: row.tableLabel }
      : null,
  orderNumber: row.orderNumber,
  callId: row.callId,
  detail: row.detail,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
})

const RU = {
  order_placed: 'Новый заказ',
  waiter_call: 'Зовут официанта',
  bill_call: 'Просят счёт',
  other_call: 'Просьба гостя',
  payment_received: 'Оплата получена',
  order_ready: 'Заказ готов',
  session_ended: 'Стол освободился',
  table_moved: 'Гости пересели',
  table: 'Стол',
  order: 'заказ №',
  delivery: 'Доставка',
  pickup: 'Самовывоз',
  preorder: 'Предзаказ',
  closedBy: (name: string) => `гости ушли, стол закрыт · ${name}`,
  idle: (time: string) => `визит завершён — нет активности ${time}`,
  hours: 'ч',
  minutes: 'мин',
}
const EN = {
  order_placed: 'New order',
  waiter_call: 'Waiter called',
  bill_call: 'The bill, please',
  other_call: 'A guest asks',
  payment_received: 'Payment received',
  order_ready: 'Order ready',
  session_ended: 'Table is free',
  table_moved: 'Guests moved',
  table: 'Table',
  order: 'order #',
  delivery: 'Delivery',
  pickup: 'Pickup',
  preorder: 'Pre-order',
  closedBy: (name: string) => `guests left, ${name} closed the table`,
  idle: (time: string) => `visit ended — no activity for ${time}`,
  hours: 'h',
  minutes: 'min',
}

/** "3 ч", "1 ч 30 мин", "45 мин". */
function duration(totalMinutes: number, words: typeof RU | typeof EN): string {
  const hours = Math.floor(totalMinutes / 60)
  const minutes = totalMinutes % 60
  return [
    hours > 0 ? `${String(hours)} ${words.hours}` : null,
    minutes > 0 || hours === 0 ? `${String(minutes)} ${words.minutes}` : null,
  ]
    .filter((part) => part !== null)
    .join(' ')
}

/** Why a visit ended, when the alert says: a waiter closed the table, or nobody did anything. */
function endedBecause(alert: NewGarconAlert, words: typeof RU | typeof EN): string | null {
  if (alert.kind !== 'session_ended') return null
  const { closedReason, closedBy, idleMinutes } = alert.detail
  if (closedReason === 'waiter' && closedBy) return words.closedBy(closedBy.name)
  if (closedReason === 'expired' && idleMinutes !== undefined) {
    return words.idle(duration(idleMinutes, words))
  }
  return null
}

/**
 * What the lock screen says: the kind first, then the table and order, in the restaurant's
 * language (the waiter's own is a profile setting to come).
 */
export function pushText(
  alert: NewGarconAlert,
  language: 'ru' | 'en',
  garconUrl: string,
): PushAlert {
  const words = language === 'ru' ? RU : EN
  const title =
    alert.kind === 'waiter_call'
      ? words[
          alert.detail.reason === 'bill'
            ? 'bill_call'
            : alert.detail.reason === 'other'
              ? 'other_call'
              : 'waiter_call'
        ]
      : words[alert.kind]
  const where = [
    alert.table
      ? `${words.table} ${alert.detail.movedFrom ? `${alert.detail.movedFrom.label} → ` : ''}${alert.table.label}`
      : alert.detail.orderType && alert.detail.orderType !== 'dine_in'
        ? words[alert.detail.orderType]
        : null,
    alert.orderNumber !== null ? `${words.order}${String(alert.orderNumber)}` : null,
    endedBecause(alert, words),
    alert.detail.comment ?? null,
  ].filter((part): part is string => part !== null && part !== '')
  return {
    title,
    body: where.join(' · '),
    url: garconUrl,
    tag:
      alert.callId ?? `${alert.kind}-${alert.table?.code ?? ''}-${String(alert.orderNumber ?? '')}`,
  }
}

/**
 * The alerts an order's move to `status` answers: the new order once anyone accepted it (or
 * cancelled it), the ready one once it left "ready" (served, sent out, cancelled, or back to the
 * kitchen).
 */
export function orderAlertsHandledBy(status: OrderStatus): GarconAlertKind[] {
  if (status === 'placed') return []
  return status === 'ready' ? ['order_placed'] : ['order_placed', 'order_ready']
}

export interface GarconAlertsDeps {
  db: Kysely<Database>
  outbox: Outbox
  now?: () => Date
}

/** Alerts: raised in the transaction of what caused them, listed, read; pushed after commit. */
export function createGarconAlerts({ db, outbox, now = () => new Date() }: GarconAlertsDeps) {
  const repository = createGarconAlertRepository(db)

  /**
   * Reads, in `trx`, every waiter's alerts `cause` handled and tells each waiter's devices which
   * (decision 0123); the caller kicks the outbox after its commit. How many it read.
   */
  const settle = async (trx: Transaction<Database>, cause: HandledCause): Promise<number> => {
    const rows = await repository.settle(trx, cause, now())
    const byWaiter = new Map<string, string[]>()
    for (const row of rows)
      byWaiter.set(row.waiterId, [...(byWaiter.get(row.waiterId) ?? []), row.id])
    await outbox.add(
      [...byWaiter].map(([waiterId, alertIds]) =>
        publishEntry(garconChannel(waiterId), garconAlertsHandled, { alertIds }),
      ),
      trx,
    )
    return rows.length
  }
  const raise = async (
    trx: Transaction<Database>,
    restaurantId: string,
    waiterIds: readonly string[],
    alert: NewGarconAlert,
  ): Promise<GarconAlert[]> => {
    if (alert.kind === 'session_ended' && alert.table) {
      // The visit is over: whatever was waiting at the table is no longer anyone's to do.
      await settle(trx, { restaurantId, tableCode: alert.table.code })
    }
    if (waiterIds.length === 0) return []
    const restaurant = await restaurantLanguage(trx, restaurantId)
    if (!restaurant) throw new Error(`No restaurant ${restaurantId} to alert the waiters of`)
    const rows = await repository.insert(
      trx,
      [...new Set(waiterIds)].map((waiterId) => ({
        restaurantId,
        waiterId,
        kind: alert.kind,
        tableCode: alert.table?.code ?? null,
        tableLabel: alert.table?.label ?? null,
        orderNumber: alert.orderNumber,
        callId: alert.callId,
        detail: JSON.stringify(alert.detail),
      })),
    )
    const push = pushText(alert, restaurant.defaultLanguage, `/rest/${restaurantId}/garcon`)
    await outbox.add(
      rows.flatMap((row) => [
        publishEntry(garconChannel(row.waiterId), garconAlertCreated, toAlert(row)),
        { kind: GARCON_PUSH, payload: { waiterId: row.waiterId, alert: push } },
      ]),
      trx,
    )
    return rows.map(toAlert)
  }

  return {
    raise,
    settle,

    /**
     * A call answered in `trx`: its alerts leave every feed but that of the waiter on the way, who
     * keeps theirs (with its "Done") until the call is done.
     */
    callAnswered(trx: Transaction<Database>, call: WaiterCall): Promise<number> {
      if (call.status === 'open') return Promise.resolve(0)
      const keepFor = call.status === 'acknowledged' ? call.acknowledgedBy?.id : undefined
      return settle(trx, { callId: call.id, keepFor })
    },

    /** An order moved to `status` in `trx`: the alerts about it that the move answers leave. */
    orderMoved(
      trx: Transaction<Database>,
      order: { restaurantId: string; number: number; status: OrderStatus },
    ): Promise<number> {
      return settle(trx, {
        restaurantId: order.restaurantId,
        orderNumber: order.number,
        kinds: orderAlertsHandledBy(order.status),
      })
    },

    /**
     * Alerts whoever hears what happens at the table of session `tableSessionId` (decision
     * 0042, the `garcon_hearers` rule), and the waiters in `alert.also` besides, but not those
     * in `alert.except` (who did it), in `trx`.
     */
    async raiseAtTable(
      trx: Transaction<Database>,
      tableSessionId: string,
      alert: TableAlert,
    ): Promise<GarconAlert[]> {
      const table = await repository.hearersAtTable(trx, tableSessionId)
      if (!table) return []
      const except = new Set(alert.except)
      const waiterIds = [...table.waiterIds, ...(alert.also ?? [])].filter((id) => !except.has(id))
      return raise(trx, table.restaurantId, waiterIds, {
        kind: alert.kind,
        table: { code: table.code, label: table.label },
        orderNumber: alert.orderNumber,
        callId: null,
        detail: alert.detail,
      })
    },

    async list(waiter: Waiter) {
      const newsSince = new Date(now().getTime() - GARCON_NEWS_MINUTES * 60_000)
      const { count, rows } = await repository.unread(waiter.id, GARCON_ALERTS_LISTED, newsSince)
      return { unread: count, alerts: rows.map(toAlert) }
    },

    async read(waiter: Waiter, alertId: string): Promise<GarconAlert> {
      const row = await db.transaction().execute(async (trx) => {
        const updated = await repository.markRead(trx, waiter.id, alertId, now())
        if (!updated) return undefined
        await outbox.add(
          [publishEntry(garconChannel(waiter.id), garconAlertsRead, { alertId })],
          trx,
        )
        return updated
      })
      // Another waiter's alert is as unknown as one that never was.
      if (!row) throw notFound('This alert does not exist.')
      void outbox.kick()
      return toAlert(row)
    },

    async readAll(waiter: Waiter): Promise<{ read: number }> {
      const read = await db.transaction().execute(async (trx) => {
        const count = await repository.markAllRead(trx, waiter.id, now())
        await outbox.add(
          [publishEntry(garconChannel(waiter.id), garconAlertsRead, { alertId: null })],
          trx,
        )
        return count
      })
      void outbox.kick()
      return { read }
    },
  }
}

export type GarconAlerts = ReturnType<typeof createGarconAlerts>

/**
 * Sends the pushes `raise` left in the outbox. Not retried: a push lives a minute (its TTL),
 * and the alert waits in the list and on the open page whatever the push service did.
 */
export function handleGarconPushes(
  outbox: Outbox,
  push: GarconPush,
  deps: {
    db: Kysely<Database>
    broadcaster: Broadcaster
    log?: { warn: (object: object, message: string) => void }
  },
): void {
  // A push goes to a push service over the internet and may take seconds: it is not awaited,
  // so the entries after it (other waiters' alerts on their sockets) never wait for it.
  const send = (waiterId: string, alert: PushAlert, alertRef: string) => {
    push.notify(waiterId, alert).catch((error: unknown) => {
      deps.log?.warn({ err: error, alert: alertRef }, 'Pushing an alert failed')
    })
  }
  outbox.handle(GARCON_PUSH, (payload, id) => {
    const { waiterId, alert } = payload as { waiterId: string; alert: PushAlert }
    send(waiterId, alert, id)
    return Promise.resolve()
  })

  // Alert rows SQL wrote elsewhere (GARCON_ALERT): a statement's all in one entry.
  const alerts = createGarconAlertRepository(deps.db)
  outbox.handle(GARCON_ALERT, async (payload) => {
    for (const row of await alerts.ofEntry(payload as GarconAlertEntry)) {
      const alert = toAlert(row)
      await publishEvent(deps.broadcaster, garconChannel(row.waiterId), garconAlertCreated, alert)
      if (!row.hasDevices) continue
      send(
        row.waiterId,
        pushText(alert, row.defaultLanguage, `/rest/${row.restaurantId}/garcon`),
        row.id,
      )
    }
  })
}

export function registerGarconAlertRoutes(
  app: FastifyInstance,
  alerts: GarconAlerts,
  requireWaiter: (request: FastifyRequest) => Promise<Waiter>,
): void {
  registerEndpoint(app, listGarconAlerts, async ({ request }) =>
    alerts.list(await requireWaiter(request)),
  )
  registerEndpoint(app, readGarconAlert, async ({ params, request }) =>
    alerts.read(await requireWaiter(request), params.alertId),
  )
  registerEndpoint(app, readAllGarconAlerts, async ({ request }) =>
    alerts.readAll(await requireWaiter(request)),
  )
}
