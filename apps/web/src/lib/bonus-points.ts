/** One point is one unit of the currency (decision 0055). */
export const MINOR_PER_POINT = 100

/** The diner's card and the programme's share, as checkout and the bill offer points with. */
export interface SpendablePoints {
  balance: number
  /** The largest share of an order payable in points, in basis points (3000: 30 %). */
  shareBasisPoints: number
}

/**
 * The most points an amount may take: the card's balance, within the programme's share of
 * `baseMinor` (an order before points and delivery, a share of the bill) and never all of it;
 * the server judges it again when the order is placed or the payment started.
 */
export function pointsCap(points: SpendablePoints, baseMinor: number) {
  const base = Math.max(0, baseMinor)
  const share = Math.floor((base * points.shareBasisPoints) / 10_000 / MINOR_PER_POINT)
  const leaveMoney = Math.floor((base - 1) / MINOR_PER_POINT)
  return Math.max(0, Math.min(points.balance, share, leaveMoney))
}

/** What the diner pays after `spent` points. */
export const totalAfterPoints = (total: number, spent: number) =>
  Math.max(0, total - spent * MINOR_PER_POINT)
