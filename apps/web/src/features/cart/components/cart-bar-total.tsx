import { useQuery } from '@tanstack/react-query'
import { restaurantQueryOptions } from '../../restaurant/api/get-restaurant'
import { useApiClient } from '../../../lib/app-context'
import type { CartEntry } from '../cart-lines'
import { formatPrice } from '../../../lib/format-price'
import { useCartQuote } from '../hooks/use-cart-quote'

/** The cart's total from the server; the last total stays, dimmed, while a new one loads. */
export default function CartBarTotal({
  restaurantId,
  lines,
}: {
  restaurantId: string
  lines: readonly CartEntry[]
}) {
  const api = useApiClient()
  const { data: restaurant } = useQuery(restaurantQueryOptions(api, restaurantId))
  const { data, isPlaceholderData } = useCartQuote(restaurantId, lines)
  if (!data || !restaurant) return null
  return (
    <span className="cart-bar__amount" data-pending={isPlaceholderData || undefined}>
      {formatPrice(data.quote.subtotal, restaurant)}
    </span>
  )
}
