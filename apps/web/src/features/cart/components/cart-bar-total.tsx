import { useQuery } from '@tanstack/react-query'
import { restaurantQueryOptions } from '../../restaurant/api/get-restaurant'
import { useApiClient } from '../../../lib/app-context'
import { pluralCategory } from '../../../lib/i18n/plural'
import { useMessages } from '../../../lib/i18n/use-translation'
import type { CartEntry } from '../cart-lines'
import { cartMessages } from '../cart-messages'
import { formatPrice } from '../../../lib/format-price'
import { useCartQuote } from '../hooks/use-cart-quote'

/**
 * The cart's total from the server; the last total stays, dimmed, while a new one loads.
 * Screen readers also hear how many portions: "Cart, 3 portions, 1 250 ₽".
 */
export default function CartBarTotal({
  restaurantId,
  lines,
  count,
}: {
  restaurantId: string
  lines: readonly CartEntry[]
  count: number
}) {
  const { t, language } = useMessages(cartMessages)
  const api = useApiClient()
  const { data: restaurant } = useQuery(restaurantQueryOptions(api, restaurantId))
  const { data, isPlaceholderData } = useCartQuote(restaurantId, lines)
  const portions = (
    <span className="visually-hidden">, {t(pluralCategory(count, language), { count })}, </span>
  )
  if (!data || !restaurant) return portions
  return (
    <>
      {portions}
      <span className="cart-bar__amount" data-pending={isPlaceholderData || undefined}>
        {formatPrice(data.quote.subtotal, restaurant)}
      </span>
    </>
  )
}
