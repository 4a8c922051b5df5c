import { orderType, type OrderType } from '@tableside/contracts/restaurants'
import { safeParse } from 'zod/mini'

/**
 * The type a checkout opens with: the one the address asks for (`?type=delivery`) when the
 * restaurant takes it, else to the table when the diner sits at one, else the only choice.
 */
export function initialOrderType(
  enabled: readonly OrderType[],
  asked: string | null,
  atTable: boolean,
): OrderType | null {
  const usable = enabled.filter((type) => type !== 'dine_in' || atTable)
  const parsed = safeParse(orderType, asked)
  if (parsed.success && usable.includes(parsed.data)) return parsed.data
  if (atTable && usable.includes('dine_in')) return 'dine_in'
  return usable.length === 1 ? (usable[0] ?? null) : null
}
