import type { OrderRow } from '../orders/order-repository'
import type { RefundRow } from '../orders/refund-repository'

/** What a refused online refund, or its retry, moves of its order (decision 0139). */
export interface RefundTurn {
  amount: number
  state: 'failed' | 'in_progress'
  /** Added to what is paid: back up when refused, down again when asked again. */
  paid: number
  /** Added to the order's price. */
  price: number
  /** What it was and why, as its step in the history says it (the diner's list of reasons). */
  said: { kind: RefundRow['kind']; reason: string }
  /** The order's lines now, when the refund named lines and was all its action's money. */
  lines?: OrderRow['lines'] | undefined
}

/**
 * How an online refund's refusal (`failed`) or its retry (`in_progress`) moves the order
 * (decision 0139). A part refund or a comp took its money off what is paid and off the price
 * when it was asked for: a refusal puts both back, and the dishes it named when it was all of
 * its action's money (one online payment gave it all back); a retry takes them off again.
 * A cancel's refund and a tip's never moved the order's sums (a cancel's counts once done; a
 * tip's is the waiter's). Undefined when a retry finds the dishes it names no longer there to
 * take off.
 */
export function refundTurn(
  row: RefundRow,
  order: OrderRow,
  state: RefundTurn['state'],
): RefundTurn | undefined {
  const said = { kind: row.kind, reason: row.reason }
  if (row.kind !== 'part' && row.kind !== 'comp') {
    return { amount: row.amount, state, paid: 0, price: 0, said }
  }
  const sign = state === 'failed' ? 1 : -1
  const turn: RefundTurn = {
    amount: row.amount,
    state,
    paid: sign * row.amount,
    price: sign * row.amount,
    said,
  }
  if (row.lines.length === 0 || row.takenOff !== row.amount) return turn
  const lines = order.lines.map((line) => ({ ...line }))
  for (const { line: index, quantity } of row.lines) {
    const line = lines[index]
    if (!line) return state === 'failed' ? turn : undefined
    const refunded = line.refundedQuantity ?? 0
    const comped = line.compedQuantity ?? 0
    if (state === 'in_progress' && line.quantity - refunded - comped < quantity) return undefined
    if (row.kind === 'comp') line.compedQuantity = Math.max(0, comped - sign * quantity)
    else line.refundedQuantity = Math.max(0, refunded - sign * quantity)
  }
  return { ...turn, lines }
}
