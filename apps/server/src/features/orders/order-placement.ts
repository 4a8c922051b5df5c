import type { CheckoutQuote, Order, PlaceOrderBody } from '@tableside/contracts/orders'
import type { ErrorCode } from '@tableside/contracts/errors'
import type { OrderType, Restaurant } from '@tableside/contracts/restaurants'
import { garconChannel } from '@tableside/contracts/table-events'
import { MAX_BILL_TOTAL } from '@tableside/contracts/text'
import { HttpError, notFound } from '../../http/http-error'
import { MINOR_PER_POINT } from '../bonus/bonus-ledger'
import { requireOrderBonus } from '../bonus/bonus-orders'
import { sessionExpired } from '../table-sessions/table-session-service'
import { priceCheckout } from './order-pricing'
import type { OrderRow } from './order-repository'
import {
  UNKNOWN_RESTAURANT,
  type ActingWaiter,
  type OrderServiceContext,
} from './order-service-context'
import { checkPlacement } from './placement-checks'
import { requestHash } from './request-hash'

/** A placement priced from a menu that has since changed: it is priced again. */
const MENU_MOVED = Symbol('menu moved')
/** Menu saves during one placement before it gives up (each costs a save on another node). */
const MOST_MENU_RETRIES = 5
/**
 * Refusals a menu changed on another node can cause (a dish sold out or back, an option gone,
 * a new price or minimum): only these ask the database whether the menu moved on, so a
 * malformed order costs no extra read.
 */
const MENU_REFUSALS: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'dish_unavailable',
  'validation_failed',
  'below_minimum_order',
  'total_changed',
])

export interface PlacedOrder {
  order: Order
  /** True when the key was seen before: this is the order placed then, not a new one. */
  replayed: boolean
}

/** Placing an order, by a diner or by a waiter for the table, and pricing one beforehand. */
export function createOrderPlacement({
  deps,
  now,
  repository,
  restaurantOf,
  view,
}: OrderServiceContext) {
  const { menus, tableSessions } = deps

  const replay = async (existing: OrderRow, hash: string): Promise<PlacedOrder> => {
    if (existing.requestHash !== hash) {
      throw new HttpError(
        409,
        'idempotency_conflict',
        'This Idempotency-Key was already used for a different order. Use a new key for a new order.',
      )
    }
    return { order: await view(existing), replayed: true }
  }

  /** Why an order was not taken at its table: the session is not open, or the bill is full. */
  const refuseAtTable = async (sessionId: string, restaurantId: string, total: number) => {
    await tableSessions.requireOpen(sessionId, restaurantId)
    const placed = await repository.placedTotal(sessionId)
    if (placed + total <= MAX_BILL_TOTAL) return
    const currency = (await restaurantOf(restaurantId)).currency
    const left = Math.max(0, MAX_BILL_TOTAL - placed) / 100
    throw new HttpError(
      400,
      'order_too_large',
      `A table's orders come to at most ${String(MAX_BILL_TOTAL / 100)} ${currency}; ${String(left)} ${currency} is left at this table. Settle the bill and order again.`,
    )
  }

  const bonus = () => requireOrderBonus(deps.bonus)

  /**
   * Places an order once per key: the same key and body give back the order placed the
   * first time; the same key with another body is refused. Bad input changes nothing.
   */
  const place = async (
    restaurantId: string,
    key: string,
    body: PlaceOrderBody,
    placedBy: ActingWaiter | null = null,
    client: { id: string } | null = null,
  ): Promise<PlacedOrder> => {
    const restaurant = await restaurantOf(restaurantId)
    const hash = requestHash(restaurantId, placedBy ? { body, placedBy: placedBy.id } : body)
    // The menu moved on between pricing and writing (a save on another node): price again from
    // the menu as it now is, which may refuse the order (decision 0104).
    for (let attempt = 0; attempt < MOST_MENU_RETRIES; attempt++) {
      const placed = await placeOnce(restaurant, key, hash, body, placedBy, client)
      if (placed !== MENU_MOVED) return placed
    }
    throw new HttpError(
      503,
      'service_unavailable',
      'The menu is being changed right now. Send the order again in a moment.',
    )
  }

  /** `MENU_MOVED` when the menu it was priced from is no longer the restaurant's. */
  const placeOnce = async (
    restaurant: Restaurant,
    key: string,
    hash: string,
    body: PlaceOrderBody,
    placedBy: ActingWaiter | null,
    client: { id: string } | null,
  ): Promise<PlacedOrder | typeof MENU_MOVED> => {
    const restaurantId = restaurant.id
    const at = now()
    const menu = await menus.get(restaurantId)
    if (!menu) throw notFound(UNKNOWN_RESTAURANT)
    /** Whether the menu moved on since `menu`; the menu held here is then brought up to it. */
    const menuMoved = () => menus.caughtUp(restaurantId, menu.version)
    let priced: CheckoutQuote
    try {
      priced = checkPlacement(deps, restaurant, menu, body, at, { byWaiter: placedBy !== null })
    } catch (refusal) {
      // A retry of an order placed before the menu changed still gets that order.
      const existing = await repository.findByKey(restaurantId, key)
      if (existing) return replay(existing, hash)
      // Refused by a menu that another node has changed since (a dish back on, an option
      // added, a new price): priced again from the menu as it now is.
      if (refusal instanceof HttpError && MENU_REFUSALS.has(refusal.code) && (await menuMoved()))
        return MENU_MOVED
      throw refusal
    }
    const points = placedBy ? 0 : (body.bonusPoints ?? 0)
    let cardId: string | null = null
    if (points > 0) {
      // A retry of an order that spent them gets that order, however the balance stands now.
      const existing = await repository.findByKey(restaurantId, key)
      if (existing) return replay(existing, hash)
      cardId = await bonus().cardFor(restaurantId, client?.id)
    }
    const spent = points * MINOR_PER_POINT
    const waiters = (await deps.waitersOf?.(restaurantId)) ?? []
    const newOrder = {
      restaurantId,
      type: body.type,
      tableSessionId: body.tableSessionId ?? null,
      sessionExpiresAt: body.tableSessionId
        ? new Date(at.getTime() + restaurant.settings.tableSessionMinutes * 60_000)
        : null,
      contact: body.contact ?? null,
      address: body.address ?? null,
      scheduledFor: body.scheduledFor ? new Date(body.scheduledFor) : null,
      guests: body.guests ?? null,
      comment: body.comment ? body.comment : null,
      paymentMethod: body.paymentMethod,
      currency: priced.quote.currency,
      lines: priced.quote.lines.map((line) => ({
        dishId: line.dishId,
        // Lines without problems always have their dish, and so its name.
        name: line.name ?? { ru: line.dishId },
        quantity: line.quantity,
        modifiers: line.modifiers,
        comment: line.comment,
        unitPrice: line.unitPrice,
        lineTotal: line.lineTotal,
      })),
      totals: {
        ...priced.totals,
        discount: priced.totals.discount + spent,
        total: priced.totals.total - spent,
      },
      bonusPoints: points,
      clientId: placedBy ? null : (client?.id ?? null),
      idempotencyKey: key,
      requestHash: hash,
      placedAt: at,
      waiterChannels: waiters.map(garconChannel),
      placedBy,
      menuVersion: menu.version,
    }
    // Points are spent in the transaction that places the order (decision 0060): the order
    // goes in on its own, not in a shared statement, and both are written or neither.
    const insertSpending = (card: string) =>
      repository.insertWith(newOrder, (trx, row) =>
        bonus().spend(trx, {
          cardId: card,
          orderId: row.id,
          points,
          earningMinor: priced.totals.total - priced.totals.deliveryFee,
        }),
      )
    let inserted = await (cardId ? insertSpending(cardId) : repository.insert(newOrder))
    if (!inserted) {
      // The key was taken (a retry, or a concurrent duplicate), the session is not open, or
      // the table's bill would pass its bound.
      const existing = await repository.findByKey(restaurantId, key)
      if (existing) return replay(existing, hash)
      if (await menuMoved()) return MENU_MOVED
      await refuseAtTable(body.tableSessionId ?? '', restaurantId, priced.totals.total)
      // Orders to one table that shared a statement are bounded together: once more alone.
      inserted = await (cardId ? insertSpending(cardId) : repository.insertAlone(newOrder))
      if (!inserted) {
        const again = await repository.findByKey(restaurantId, key)
        if (again) return replay(again, hash)
        if (await menuMoved()) return MENU_MOVED
        await refuseAtTable(body.tableSessionId ?? '', restaurantId, priced.totals.total)
        throw sessionExpired()
      }
    }
    // The repository kicked the outbox once the order was in (`placed`).
    return { order: await view(inserted), replayed: false }
  }

  return {
    /** Prices a checkout before the diner confirms it. */
    async quote(restaurantId: string, type: OrderType, lines: PlaceOrderBody['lines']) {
      const restaurant = await restaurantOf(restaurantId)
      const snapshot = await menus.get(restaurantId)
      if (!snapshot) throw notFound(UNKNOWN_RESTAURANT)
      return priceCheckout(snapshot, restaurant.settings, type, lines)
    },

    place,

    /**
     * The waiter places an order for the table's guests without phones: checked and priced as
     * a diner's, paid at the table, its history naming the waiter.
     */
    async placeAtTable(
      sessionId: string,
      waiter: ActingWaiter & { restaurantId: string },
      key: string,
      body: Pick<PlaceOrderBody, 'lines' | 'comment'>,
    ): Promise<PlacedOrder> {
      const existing = await repository.findByKey(waiter.restaurantId, key)
      // A retry after the table closed still gets its order; the key's checks are `place`'s.
      if (!existing) await tableSessions.requireOpen(sessionId, waiter.restaurantId)
      return place(
        waiter.restaurantId,
        key,
        {
          type: 'dine_in',
          lines: body.lines,
          paymentMethod: 'cash',
          tableSessionId: sessionId,
          ...(body.comment ? { comment: body.comment } : {}),
        },
        { id: waiter.id, name: waiter.name },
      )
    },
  }
}
