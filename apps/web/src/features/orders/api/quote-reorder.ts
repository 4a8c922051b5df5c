import { quoteReorder, type ReorderQuote } from '@tableside/contracts/reorder'
import type { CartLine } from '@tableside/contracts/cart'
import type { ApiClient } from '../../../lib/api-client'

/** A past order priced against today's menu: asked when the diner taps "Order again". */
export function fetchReorderQuote(
  api: ApiClient,
  restaurantId: string,
  orderId: string,
): Promise<ReorderQuote> {
  return api.callEndpoint(quoteReorder, { params: { restaurantId, orderId } })
}

/** The lines of the past order that can go to the cart today, as today's menu has them. */
export function reorderCartLines(quote: Pick<ReorderQuote, 'lines'>): CartLine[] {
  return quote.lines.flatMap((line) => (line.now ? [line.now.cartLine] : []))
}
