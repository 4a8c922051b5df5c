/**
 * Why the Pay screen sent the diner back to the order (`?notice=` on the order's address); the
 * order screen says it in plain words on top.
 */
export const orderNotices = [
  'paid-in-cash',
  'already-paid',
  'cancelled',
  'online-off',
  'nothing-due',
] as const
export type OrderNotice = (typeof orderNotices)[number]

export function parseOrderNotice(value: string | null): OrderNotice | undefined {
  return orderNotices.find((notice) => notice === value)
}
