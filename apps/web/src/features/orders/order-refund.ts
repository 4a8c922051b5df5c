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
