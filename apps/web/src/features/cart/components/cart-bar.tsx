import { lazy, Suspense } from 'react'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { Link } from '../../../components/ui/link'
import { paths } from '../../../config/paths'
import { defineMessages } from '../../../lib/i18n/messages'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useCart } from '../cart-store'
import './cart-bar.css'

// The quote is not first-load code: its chunk is asked for once the screen has painted.
const afterPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
const CartBarTotal = lazy(() => afterPaint().then(() => import('./cart-bar-total')))

const messages = defineMessages({ en: { cart: 'Cart' }, ru: { cart: 'Корзина' } })

/**
 * The cart at the bottom of the menu: how many and how much, one tap to the cart. Prices are
 * shown in `currency`, the restaurant's locale and currency.
 */
export function CartBar({
  restaurantId,
  currency,
}: {
  restaurantId: string
  currency: Pick<Restaurant, 'locale' | 'currency'>
}) {
  const { lines, count } = useCart(restaurantId)
  const { t } = useMessages(messages)
  if (count === 0) return null
  return (
    <>
      <div className="cart-bar-space" />
      <div className="cart-bar">
        <Link to={paths.cart(restaurantId)} className="cart-bar__link">
          <span className="cart-bar__count" aria-hidden="true">
            {count}
          </span>
          <span className="cart-bar__label">{t('cart')}</span>
          <span className="cart-bar__total">
            <Suspense fallback={null}>
              <CartBarTotal
                restaurantId={restaurantId}
                currency={currency}
                lines={lines}
                count={count}
              />
            </Suspense>
          </span>
        </Link>
      </div>
    </>
  )
}
