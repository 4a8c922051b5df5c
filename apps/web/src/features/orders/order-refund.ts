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
 * reason of its own (the diner's own cancel) says nothing more.
 */
export function orderRefundReasons(
  history: Order['history'],
): { kind: 'whole' | 'part' | 'comp' | 'tip'; amount: number; takenOff: number; reason: string }[] {
  return history.flatMap(({ refund }) =>
    refund?.state === 'in_progress' && refund.kind && refund.reason
      ? [
          {
            kind: refund.kind,
            amount: refund.amount,
            takenOff: refund.takenOff ?? 0,
            reason: refund.reason,
          },
        ]
      : [],
  )
}
