import type { OrderRow } from '../orders/order-repository'
import type { RefundRow } from '../orders/refund-repository'
import type { PaymentRow } from './payment-repository'

/** What a refused online refund, or its retry, moves of its order (decisions 0139, 0140). */
export interface RefundTurn {
  amount: number
  state: 'failed' | 'in_progress'
  /** Added to what is paid: back up when refused, down again when asked again. */
  paid: number
  /** Added to the order's price. */
  price: number
  /** What it was and why, as its step in the history says it (the diner's list of reasons). */
  said: { kind: RefundRow['kind']; reason: string }
  /** The order's lines now, when the whole action turns and it named lines. */
  lines?: OrderRow['lines'] | undefined
  /**
   * The whole action turns with this row (decision 0140): the last of its online refunds was
   * refused, or the first of them is asked again. Its points turn with it.
   */
  whole: boolean
}

/** The rows of the action the turning row belongs to, as they are after its change. */
export interface RefundAction {
  rows: readonly RefundRow[]
  /**
   * Whether the action can be undone whole: no cash went back with it (cash handed out is
   * out) and no bill payment paid the order in points (what a part refund gave back of
   * those is not known row by row).
   */
  undoable: boolean
}

/**
 * The action `rows` belong to (one action's rows, as they are now), of an order paid by
 * `payments`: undoable whole unless cash went back with it or a payment paid the order in
 * points.
 */
export function refundAction(
  rows: readonly RefundRow[],
  payments: readonly PaymentRow[],
  orderId: string,
): RefundAction {
  const billPoints = payments.some((payment) =>
    payment.allocations.some((one) => one.orderId === orderId && (one.points ?? 0) > 0),
  )
  return { rows, undoable: !billPoints && !rows.some((row) => row.way === 'cash') }
}

/**
 * How an online refund's refusal (`failed`) or its retry (`in_progress`) moves the order
 * (decisions 0139, 0140). A part refund or a comp took its money off what is paid and its
 * value off the price when it was asked for. A refusal puts the row's money back on both;
 * once no online refund of the action is left (each was refused: one payment's, or every
 * share of a split bill's), the rest of it comes back too: the dishes it named, what a comp
 * took off what was still due, and (the caller) the points it moved. A retry takes them off
 * again: the row's money, and the rest when it is the first of its action asked again.
 * A cancel's refund and a tip's never moved the order's sums (a cancel's counts once done; a
 * tip's is the waiter's). Undefined when a retry finds the dishes it names no longer there to
 * take off.
 */
export function refundTurn(
  row: RefundRow,
  order: OrderRow,
  state: RefundTurn['state'],
  action: RefundAction,
): RefundTurn | undefined {
  const said = { kind: row.kind, reason: row.reason }
  if (row.kind !== 'part' && row.kind !== 'comp') {
    return { amount: row.amount, state, paid: 0, price: 0, said, whole: false }
  }
  const sign = state === 'failed' ? 1 : -1
  const turn: RefundTurn = {
    amount: row.amount,
    state,
    paid: sign * row.amount,
    price: sign * row.amount,
    said,
    whole: false,
  }
  const online = action.rows.filter((one) => one.way === 'online')
  const othersLive = online.some((one) => one.id !== row.id && one.state !== 'failed')
  if (!action.undoable || othersLive) return turn
  // What the action took off beyond its online money: a comp's part of what was still due.
  const takenOff = action.rows.reduce((sum, one) => sum + one.takenOff, 0)
  const rest = Math.max(0, takenOff - online.reduce((sum, one) => sum + one.amount, 0))
  const whole = { ...turn, price: turn.price + sign * rest, whole: true }
  const named = action.rows.flatMap((one) => one.lines)
  if (named.length === 0) return whole
  const lines = order.lines.map((line) => ({ ...line }))
  for (const { line: index, quantity } of named) {
    const line = lines[index]
    if (!line) return state === 'failed' ? whole : undefined
    const refunded = line.refundedQuantity ?? 0
    const comped = line.compedQuantity ?? 0
    if (state === 'in_progress' && line.quantity - refunded - comped < quantity) return undefined
    if (row.kind === 'comp') line.compedQuantity = Math.max(0, comped - sign * quantity)
    else line.refundedQuantity = Math.max(0, refunded - sign * quantity)
  }
  return { ...whole, lines }
}
