import type { Quote } from '@tableside/contracts/cart'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { MAX_ORDER_TOTAL } from '@tableside/contracts/text'
import { buttonClass } from '../../../components/ui/button'
import '../../../components/ui/action-bar.css'
import { formatPrice } from '../../../lib/format-price'
import { pluralCategory } from '../../../lib/i18n/plural'
import { useMessages } from '../../../lib/i18n/use-translation'
import { cartMessages } from '../cart-messages'

interface CartSummaryProps {
  restaurant: Pick<Restaurant, 'locale' | 'currency'>
  /** The server's quote, the previous one while `pending`; undefined before the first. */
  quote: Quote | undefined
  pending: boolean
  failed: boolean
  /** The server refused the cart as larger than one order may be (`order_too_large`). */
  tooLarge: boolean
  onRetry: () => void
  onContinue: () => void
}

/** The total from the server and the way on to ordering, always at hand above the tab bar. */
export function CartSummary({
  restaurant,
  quote,
  pending,
  failed,
  tooLarge,
  onRetry,
  onContinue,
}: CartSummaryProps) {
  const { t, language } = useMessages(cartMessages)
  const canContinue = quote !== undefined && quote.orderable && !pending
  const hasProblems = quote !== undefined && !pending && !quote.orderable
  return (
    <div className="action-bar cart-summary">
      <div className="action-bar__total" aria-busy={pending || quote === undefined}>
        <div>
          <p className="action-bar__label cart-summary__label">{t('total')}</p>
          <p
            className="cart-summary__note"
            data-alert={(failed && !quote) || tooLarge || undefined}
          >
            {tooLarge
              ? t('tooLargeShort', { max: formatPrice(MAX_ORDER_TOTAL, restaurant) })
              : failed && !quote
                ? t('quoteFailed')
                : quote
                  ? t(pluralCategory(quote.itemCount, language), { count: quote.itemCount })
                  : '\u00a0'}
          </p>
        </div>
        {quote ? (
          <p className="cart-summary__amount" data-pending={pending || undefined}>
            {formatPrice(quote.subtotal, restaurant)}
          </p>
        ) : failed && !tooLarge ? (
          <button type="button" className="cart-summary__retry" onClick={onRetry}>
            {t('retry')}
          </button>
        ) : tooLarge ? null : (
          <span className="cart-summary__skeleton" />
        )}
      </div>
      <button
        type="button"
        className={`${buttonClass('primary', { block: true })} cart-summary__continue`}
        disabled={!canContinue}
        onClick={onContinue}
      >
        {tooLarge ? t('tooLargeAction') : hasProblems ? t('fixProblems') : t('continue')}
      </button>
    </div>
  )
}
