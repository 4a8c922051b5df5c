import type { OrderDetail } from '@tableside/contracts/refunds'

/**
 * What refunds and comps took off the order's price now. A part refund or a comp the bank
 * refused put its money back on the price (decision 0139), and all of it, dishes too, once
 * every online refund of its action was refused (0140: not where cash went back with it or a
 * payment paid the order in points).
 */
export function takenOffNow({
  payments,
  refunds,
}: Pick<OrderDetail, 'payments' | 'refunds'>): number {
  const billPoints = payments.some((payment) => payment.points > 0)
  const actions = new Map<string, OrderDetail['refunds']>()
  for (const refund of refunds) {
    actions.set(refund.actionId, [...(actions.get(refund.actionId) ?? []), refund])
  }
  let sum = 0
  for (const rows of actions.values()) {
    const moved = rows.filter((row) => row.kind === 'part' || row.kind === 'comp')
    const online = moved.filter((row) => row.way === 'online')
    const undone =
      !billPoints &&
      online.length > 0 &&
      online.every((row) => row.state === 'failed') &&
      !moved.some((row) => row.way === 'cash')
    if (undone && moved.length === rows.length) continue
    for (const row of rows) {
      sum +=
        row.takenOff -
        (row.state === 'failed' && row.way === 'online' && moved.includes(row) ? row.amount : 0)
    }
  }
  return sum
}
