import { createHash } from 'node:crypto'
import type { EndpointQuery, EndpointResponse } from '@tableside/contracts/endpoint'
import { LIVE_ORDERS_LISTED, type getAdminLive } from '@tableside/contracts/admin-reports'
import { REFUND_CHASE_MS } from '@tableside/contracts/refunds'
import type { LocalizedText } from '@tableside/contracts/text'
import { notFound } from '../../http/http-error'
import type { PaidWithOf } from '../payments/paid-with'
import type { LiveRepository } from './live-repository'

type LiveView = EndpointResponse<typeof getAdminLive>

const tableOf = (row: {
  tableCode: string | null
  tableLabel: string | null
  tableZone: LocalizedText | null
}) =>
  row.tableCode !== null && row.tableLabel !== null
    ? { code: row.tableCode, label: row.tableLabel, zone: row.tableZone }
    : null

/**
 * What is going on now across the restaurant (decision 0072): orders in progress and today's,
 * calls not done, each with the waiters serving its table, and online refunds the bank has
 * held for longer than `REFUND_CHASE_DAYS` (decision 0140). The ETag covers everything but the
 * clock, so a poll that finds nothing new is a 304.
 */
export function createLiveService(
  repository: LiveRepository,
  /** How each order was actually paid (payments' derivation, issue 28). */
  paidWith: PaidWithOf,
  now: () => Date = () => new Date(),
) {
  return async (
    restaurantId: string,
    filters: EndpointQuery<typeof getAdminLive>,
  ): Promise<{ view: LiveView; etag: string }> => {
    const restaurant = await repository.restaurant(restaurantId)
    if (!restaurant) throw notFound('No such restaurant.')
    const at = now()
    const since = await repository.startOfToday(restaurant.timezone, at)
    const [orders, calls, tables, waiterRows, slow] = await Promise.all([
      repository.orders(restaurantId, since, filters, LIVE_ORDERS_LISTED),
      repository.calls(restaurantId, filters),
      repository.tables(restaurantId),
      repository.waiters(restaurantId),
      repository.slowRefunds(restaurantId, new Date(at.getTime() - REFUND_CHASE_MS)),
    ])
    const ways = await paidWith(orders)
    const servers = new Map<string, { id: string; name: string }[]>()
    const waiters = new Map<string, { id: string; name: string; onShift: boolean }>()
    for (const row of waiterRows) {
      if (!row.active) continue
      waiters.set(row.id, { id: row.id, name: row.name, onShift: row.onShift })
      if (row.tableId === null) continue
      const list = servers.get(row.tableId) ?? []
      list.push({ id: row.id, name: row.name })
      servers.set(row.tableId, list)
    }
    const serving = (tableId: string | null) =>
      tableId === null ? [] : (servers.get(tableId) ?? [])
    const zones = new Map<string, LocalizedText>()
    for (const table of tables) if (table.zone) zones.set(table.zone.ru, table.zone)
    const data = {
      currency: restaurant.currency.trim(),
      timezone: restaurant.timezone,
      orders: orders.map((row) => ({
        id: row.id,
        number: row.number,
        type: row.type,
        status: row.status,
        paymentStatus: row.paymentStatus,
        paymentMethod: row.paymentMethod,
        paidWith: ways.get(row.id) ?? [],
        table: tableOf(row),
        waiters: serving(row.tableId),
        placedBy: row.placedBy,
        items: row.lines.map((line) => ({ name: line.name, quantity: line.quantity })),
        total: row.total,
        paidAmount: row.paidAmount,
        placedAt: row.placedAt.toISOString(),
        scheduledFor: row.scheduledFor?.toISOString() ?? null,
      })),
      calls: calls.flatMap((row) => {
        const table = tableOf(row)
        if (!table || row.status === 'done') return []
        return [
          {
            id: row.id,
            reason: row.reason,
            comment: row.comment,
            status: row.status,
            table,
            waiters: serving(row.tableId),
            createdAt: row.createdAt.toISOString(),
            acknowledgedBy: row.acknowledgedBy?.name ?? null,
            escalated: row.escalatedAt !== null,
          },
        ]
      }),
      slowRefunds: slow.map((row) => ({
        id: row.id,
        orderId: row.orderId,
        orderNumber: row.number,
        amount: row.amount,
        askedAt: row.createdAt.toISOString(),
      })),
      tables: tables.map((table) => ({ code: table.code, label: table.label, zone: table.zone })),
      zones: [...zones.values()],
      waiters: [...waiters.values()],
    }
    const etag = `"${createHash('sha256').update(JSON.stringify(data)).digest('base64url').slice(0, 27)}"`
    return { view: { ...data, generatedAt: at.toISOString() }, etag }
  }
}

export type LiveService = ReturnType<typeof createLiveService>
