import type { CheckoutQuote } from '@tableside/contracts/orders'
import type { OrderType, Restaurant } from '@tableside/contracts/restaurants'
import { pointsFieldMessages } from '../../../components/ui/points-field-messages'
import { MINOR_PER_POINT, totalAfterPoints } from '../../../lib/bonus-points'
import { formatPercent, formatPrice } from '../../../lib/format-price'
import { useMessages } from '../../../lib/i18n/use-translation'
import { checkoutMessages } from '../checkout-messages'
import '../../../components/ui/card.css'

interface CheckoutTotalsProps {
  restaurant: Pick<Restaurant, 'locale' | 'currency' | 'settings'>
  type: OrderType
  quote: CheckoutQuote | undefined
  pending: boolean
  failed: boolean
  onRetry: () => void
  /** Bonus points chosen: a row of their own, taken off the total. */
  points?: number
  /** A tip for the waiter with an online payment: a row of its own, added to the total. */
  tip?: number
}

/** Every amount before confirming: dishes, service, delivery, total. Nothing is added after. */
export function CheckoutTotals({
  restaurant,
  type,
  quote,
  pending,
  failed,
  onRetry,
  points = 0,
  tip = 0,
}: CheckoutTotalsProps) {
  const { t } = useMessages(checkoutMessages)
  const pointsText = useMessages(pointsFieldMessages).t
  const price = (minor: number) => formatPrice(minor, restaurant)
  const percent = formatPercent(restaurant.settings.serviceChargeBasisPoints, restaurant.locale)
  return (
    <section
      className="card checkout-totals"
      aria-labelledby="checkout-totals-title"
      aria-busy={pending}
    >
      <h2 className="checkout-section__title" id="checkout-totals-title">
        {t('totalsTitle')}
      </h2>
      {type === 'delivery' && quote ? (
        <DeliveryTerms restaurant={restaurant} quote={quote} />
      ) : null}
      {quote ? (
        <dl className="checkout-totals__rows" data-pending={pending || undefined}>
          {/* The dishes' sum is worth a row only beside a fee; alone it repeats the total. */}
          {quote.totals.serviceCharge > 0 || type === 'delivery' || points > 0 || tip > 0 ? (
            <div className="checkout-totals__row">
              <dt>{t('dishes')}</dt>
              <dd>{price(quote.totals.subtotal)}</dd>
            </div>
          ) : null}
          {quote.totals.serviceCharge > 0 ? (
            <div className="checkout-totals__row">
              <dt>{t('serviceCharge', { percent })}</dt>
              <dd>{price(quote.totals.serviceCharge)}</dd>
            </div>
          ) : null}
          {type === 'delivery' ? (
            <div className="checkout-totals__row">
              <dt>{t('deliveryFee')}</dt>
              <dd>
                {quote.totals.deliveryFee === 0 ? t('free') : price(quote.totals.deliveryFee)}
              </dd>
            </div>
          ) : null}
          {points > 0 ? (
            <div className="checkout-totals__row">
              <dt>{pointsText('pointsRow')}</dt>
              <dd>−{price(points * MINOR_PER_POINT)}</dd>
            </div>
          ) : null}
          {tip > 0 ? (
            <div className="checkout-totals__row">
              <dt>{t('tip')}</dt>
              <dd>{price(tip)}</dd>
            </div>
          ) : null}
          <div className="checkout-totals__row checkout-totals__row--total">
            <dt>{t('total')}</dt>
            <dd>{price(totalAfterPoints(quote.totals.total, points) + tip)}</dd>
          </div>
        </dl>
      ) : failed ? (
        <p className="checkout-section__note" data-alert>
          {t('quoteFailed')}{' '}
          <button type="button" className="link-button" onClick={onRetry}>
            {t('retry')}
          </button>
        </p>
      ) : (
        <div className="checkout-totals__skeleton" />
      )}
    </section>
  )
}

function DeliveryTerms({
  restaurant,
  quote,
}: {
  restaurant: Pick<Restaurant, 'locale' | 'currency' | 'settings'>
  quote: CheckoutQuote
}) {
  const { t } = useMessages(checkoutMessages)
  const price = (minor: number) => formatPrice(minor, restaurant)
  const { subtotal } = quote.totals
  const { minimumOrder: minimum, freeDeliveryFrom: free } = quote
  // The quote's fee is 0 once delivery is free; the terms name what it costs otherwise.
  const fee = price(restaurant.settings.delivery.fee)
  return (
    <div className="delivery-terms">
      <p className="delivery-terms__line">
        {minimum !== null ? `${t('minimumOrder', { amount: price(minimum) })} · ` : ''}
        {free !== null
          ? t('deliveryTerms', { fee, free: price(free) })
          : t('deliveryTermsNoFree', { fee })}
      </p>
      {minimum !== null && subtotal < minimum ? (
        <p className="delivery-terms__progress" data-alert>
          {t('belowMinimum', { amount: price(minimum - subtotal), minimum: price(minimum) })}
        </p>
      ) : free !== null && subtotal < free ? (
        <p className="delivery-terms__progress">
          {t('addForFree', { amount: price(free - subtotal) })}
        </p>
      ) : free !== null ? (
        <p className="delivery-terms__progress" data-done>
          {t('freeReached')}
        </p>
      ) : null}
    </div>
  )
}
