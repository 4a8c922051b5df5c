import type { Order } from '@tableside/contracts/orders'

/**
 * What the order's history says was given back of it (decision 0028): the amount of the
 * refunds started and not refused, and whether they are all done; or, while the acquirer's
 * refusal of some of it has not been asked again (decision 0139), that amount as `failed`.
 * Null when nothing was refunded.
 */
export function orderRefund(
  history: Order['history'],
): { amount: number; state: 'in_progress' | 'done' | 'failed' } | null {
  let started = 0
  let done = 0
  let refused = 0
  let again = 0
  for (const { refund } of history) {
    if (refund?.state === 'in_progress') started += refund.amount
    if (refund?.state === 'in_progress' && refund.again) again += refund.amount
    if (refund?.state === 'done') done += refund.amount
    if (refund?.state === 'failed') refused += refund.amount
  }
  if (refused > again) return { amount: refused - again, state: 'failed' }
  const live = started - refused
  if (live <= 0) return null
  return { amount: live, state: done >= live ? 'done' : 'in_progress' }
}

/**
 * Each refund or comp the restaurant made, as the diner reads it (decision 0119): what went back
 * (or was made free) and the reason the manager or waiter gave. A cancel's refund without a
 * reason of its own (the diner's own cancel) says nothing more. One the bank refused is left
 * out until it is asked again (decision 0139): the line above the reasons says it failed.
 */
export function orderRefundReasons(
  history: Order['history'],
): { kind: 'whole' | 'part' | 'comp' | 'tip'; amount: number; takenOff: number; reason: string }[] {
  const said: (ReturnType<typeof orderRefundReasons>[number] & { refused: boolean })[] = []
  for (const { refund } of history) {
    if (!refund?.kind || !refund.reason) continue
    if (refund.state === 'failed' || refund.again) {
      // A refusal marks the last such refund refused; asking again clears the last refused.
      const failing = refund.state === 'failed'
      const found = said.findLast(
        (one) =>
          one.refused !== failing &&
          one.kind === refund.kind &&
          one.reason === refund.reason &&
          one.amount === refund.amount,
      )
      if (found) found.refused = failing
    } else if (refund.state === 'in_progress') {
      said.push({
        kind: refund.kind,
        amount: refund.amount,
        takenOff: refund.takenOff ?? 0,
        reason: refund.reason,
        refused: false,
      })
    }
  }
  return said
    .filter((one) => !one.refused)
    .map(({ kind, amount, takenOff, reason }) => ({ kind, amount, takenOff, reason }))
}
