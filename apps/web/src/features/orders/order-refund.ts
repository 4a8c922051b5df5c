import type { Order } from '@tableside/contracts/orders'

/**
 * What the order's history says was given back of it (decision 0028): the amount of the
 * refunds started, and whether they are all done. Null when nothing was refunded.
 */
export function orderRefund(
  history: Order['history'],
): { amount: number; state: 'in_progress' | 'done' } | null {
  let started = 0
  let done = 0
  for (const { refund } of history) {
    if (refund?.state === 'in_progress') started += refund.amount
    if (refund?.state === 'done') done += refund.amount
  }
  if (started === 0) return null
  return { amount: started, state: done >= started ? 'done' : 'in_progress' }
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
