import { randomUUID } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import {
  DEFAULT_KITCHEN_THRESHOLDS,
  KITCHEN_CANCELLED_SECONDS,
  KITCHEN_UNDO_SECONDS,
  type BumpResult,
  type KitchenBoard,
} from '@tableside/contracts/kitchen'
import type { OrderStatus } from '@tableside/contracts/order-status'
import type { Database } from '../../db/schema'
import { HttpError, notFound } from '../../http/http-error'
import { kitchenChangedEntry } from '../orders/order-events'
import type { OrderService } from '../orders/order-service'
import type { Outbox } from '../outbox/outbox'
import { createKitchenRepository, type KitchenOrderRow } from './kitchen-repository'
import { buildTickets, onTheBoard, splitByNow, stationOfDish } from './kitchen-tickets'

const UNKNOWN_ORDER = 'This order does not exist.'
const UNDO_MS = KITCHEN_UNDO_SECONDS * 1000

export interface KitchenServiceDeps {
  db: Kysely<Database>
  /** Moves orders with the same events and alerts as every other step (decision 0071). */
  orders: Pick<OrderService, 'kitchenStepIn'>
  outbox: Outbox
  now?: () => Date
}

const notInKitchen = (status: OrderStatus) =>
  new HttpError(
    409,
    'order_not_in_kitchen',
    `This order is ${status}: it is no longer on the kitchen's screen.`,
  )

/**
 * The kitchen display (decisions 0070 and 0071): the board, and bumps. The first bump of an
 * order moves it to cooking, the bump of its last dish (across stations) to ready; a bump can be
 * undone for KITCHEN_UNDO_SECONDS, even the one that made the order ready, which goes back to
 * cooking; a dish of an order still in the kitchen can be un-bumped at any time.
 */
export function createKitchenService(deps: KitchenServiceDeps) {
  const repository = createKitchenRepository(deps.db)
  const now = deps.now ?? (() => new Date())

  /** The order's status once its bumps changed: the step, in the transaction that bumped. */
  const follow = async (
    trx: Transaction<Database>,
    restaurantId: string,
    order: KitchenOrderRow,
  ): Promise<OrderStatus> => {
    const bumped = await repository.bumpedCount(trx, order.id)
    let status = order.status
    if (status === 'accepted' && bumped > 0) {
      status = (await deps.orders.kitchenStepIn(trx, order.id, status, 'cooking')) ?? status
    }
    if (status === 'cooking' && bumped >= order.lineCount) {
      status = (await deps.orders.kitchenStepIn(trx, order.id, status, 'ready')) ?? status
    } else if (status === 'ready' && bumped < order.lineCount) {
      status = (await deps.orders.kitchenStepIn(trx, order.id, status, 'cooking')) ?? status
    }
    await deps.outbox.add([kitchenChangedEntry(restaurantId, order.id)], trx)
    return status
  }

  /** Whether the order's last bump may still be undone although the order is ready. */
  const recallable = async (trx: Transaction<Database>, order: KitchenOrderRow, at: Date) => {
    if (order.status !== 'ready') return false
    const last = await repository.lastBumpAt(trx, order.id)
    return last !== undefined && at.getTime() - last.getTime() <= UNDO_MS
  }

  const locked = async (trx: Transaction<Database>, restaurantId: string, orderId: string) => {
    const order = await repository.lockOrder(trx, restaurantId, orderId)
    if (!order) throw notFound(UNKNOWN_ORDER)
    return order
  }

  /** Whether a cancelled order is on the board still (cancelled there, not long ago). */
  const cancelledOnBoard = async (trx: Transaction<Database>, orderId: string) => {
    const history = await repository.historyOf(trx, orderId)
    return (
      history !== undefined &&
      onTheBoard([{ status: 'cancelled' as const, history }], now()).length > 0
    )
  }

  const finish = <T>(result: T): T => {
    void deps.outbox.kick()
    return result
  }

  return {
    async board(restaurantId: string): Promise<KitchenBoard> {
      const at = now()
      const rows = await repository.board(
        restaurantId,
        new Date(at.getTime() - KITCHEN_CANCELLED_SECONDS * 1000),
      )
      const stationOrder = rows.stations.map((station) => station.id)
      const stationOf = stationOfDish(rows, stationOrder[0] ?? null)
      const tickets = buildTickets(
        onTheBoard(rows.orders, at),
        rows.bumps,
        stationOf,
        stationOrder,
        rows.leadMinutes,
      )
      return {
        stations: rows.stations.map(({ id, name }) => ({ id, name })),
        thresholds: rows.thresholds ?? DEFAULT_KITCHEN_THRESHOLDS,
        ...splitByNow(tickets, at),
        now: at.toISOString(),
      }
    },

    /** Bumps lines of an order; lines bumped already are left as they were. */
    async bump(
      restaurantId: string,
      orderId: string,
      lines: readonly number[],
    ): Promise<BumpResult> {
      const result = await deps.db.transaction().execute(async (trx) => {
        const order = await locked(trx, restaurantId, orderId)
        // A cancelled order still on the board is taken off it by bumping it (decision 0131).
        if (
          order.status !== 'accepted' &&
          order.status !== 'cooking' &&
          !(order.status === 'cancelled' && (await cancelledOnBoard(trx, order.id)))
        ) {
          throw notInKitchen(order.status)
        }
        const outside = lines.flatMap((line, index) =>
          line >= order.lineCount
            ? [{ path: `body.lines.${String(index)}`, message: 'The order has no such line.' }]
            : [],
        )
        if (outside.length > 0) {
          throw new HttpError(400, 'validation_failed', 'Some lines are not in the order.', outside)
        }
        const bumpId = randomUUID()
        const bumped = await repository.bump(trx, order.id, [...new Set(lines)], bumpId, now())
        if (bumped === 0) return { bumpId: null, orderStatus: order.status }
        return { bumpId, orderStatus: await follow(trx, restaurantId, order) }
      })
      return finish(result)
    },

    /** Undoes a bump made less than KITCHEN_UNDO_SECONDS ago. */
    async undo(restaurantId: string, bumpId: string): Promise<BumpResult> {
      const bump = await repository.findBump(restaurantId, bumpId)
      if (!bump) throw notFound('This bump does not exist, or was undone already.')
      const result = await deps.db.transaction().execute(async (trx) => {
        const at = now()
        if (at.getTime() - bump.bumpedAt.getTime() > UNDO_MS) {
          throw new HttpError(
            409,
            'undo_expired',
            `A bump can be undone for ${String(KITCHEN_UNDO_SECONDS)} seconds; un-bump the dish instead.`,
          )
        }
        const order = await locked(trx, restaurantId, bump.orderId)
        if (order.status !== 'accepted' && order.status !== 'cooking') {
          if (!(await recallable(trx, order, at))) throw notInKitchen(order.status)
        }
        const undone = await repository.deleteBump(trx, bumpId)
        if (undone === 0) return { bumpId: null, orderStatus: order.status }
        return { bumpId, orderStatus: await follow(trx, restaurantId, order) }
      })
      return finish(result)
    },

    /** Un-bumps one dish of an order in the kitchen (or ready within the undo time). */
    async unbump(restaurantId: string, orderId: string, line: number): Promise<BumpResult> {
      const result = await deps.db.transaction().execute(async (trx) => {
        const order = await locked(trx, restaurantId, orderId)
        if (order.status !== 'accepted' && order.status !== 'cooking') {
          if (!(await recallable(trx, order, now()))) throw notInKitchen(order.status)
        }
        const undone = await repository.deleteLine(trx, order.id, line)
        if (undone === 0) return { bumpId: null, orderStatus: order.status }
        return { bumpId: null, orderStatus: await follow(trx, restaurantId, order) }
      })
      return finish(result)
    },
  }
}

export type KitchenService = ReturnType<typeof createKitchenService>
