import type { Restaurant } from '@tableside/contracts/restaurants'
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
  currency,
  lines,
  count,
}: {
  restaurantId: string
  currency: Pick<Restaurant, 'locale' | 'currency'>
  lines: readonly CartEntry[]
  count: number
}) {
  const { t, language } = useMessages(cartMessages)
  const { data, isPlaceholderData } = useCartQuote(restaurantId, lines)
  const portions = (
    <span className="visually-hidden">, {t(pluralCategory(count, language), { count })}, </span>
  )
  if (!data) return portions
  return (
    <>
      {portions}
      <span className="cart-bar__amount" data-pending={isPlaceholderData || undefined}>
        {formatPrice(data.quote.subtotal, currency)}
      </span>
    </>
  )
}
