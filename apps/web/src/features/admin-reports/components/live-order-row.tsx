import type { LiveOrder } from '@tableside/contracts/admin-reports'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { formatPrice } from '../../../lib/format-price'
import { localized } from '../../../lib/i18n/localized-text'
import type { Translate } from '../../../lib/i18n/use-translation'
import { dateLocale, restaurantClock, restaurantWhen } from '../../../lib/restaurant-time'
import { paidWithText } from '../../../lib/paid-with-words'
import type { adminReportsMessages } from '../admin-reports-messages'

type Key = Parameters<Translate<keyof (typeof adminReportsMessages)['en']>>[0]

/** An order now: its number, status, type and time, its dishes, who and how much is paid. */
export function OrderRow({
  order,
  restaurant,
  t,
  language,
  onOpen,
}: {
  order: LiveOrder
  /** Opens the order with its payments and refunds (decision 0119). */
  onOpen?: ((orderId: string) => void) | undefined
  restaurant: Pick<Restaurant, 'locale' | 'currency' | 'timezone'>
  t: Translate<Key>
  language: 'ru' | 'en'
}) {
  const price = (minor: number) => formatPrice(minor, restaurant)
  const wanted = (at: string) => {
    const { time, date } = restaurantWhen(at, restaurant.timezone, dateLocale(language))
    return date === undefined ? t('wantedAt', { time }) : t('wantedOn', { date, time })
  }
  // How it was actually paid, from its payments (issue 28); until money came in, the way chosen.
  const paidWith = paidWithText(order.paidWith, order.type, language)
  const way = paidWith ?? t(`way_${order.paymentMethod}`)
  const paid =
    order.paymentStatus === 'refunded'
      ? paidWith
        ? `${t('moneyRefunded')} · ${paidWith}`
        : t('moneyRefunded')
      : order.paymentStatus === 'paid'
        ? `${t('paid')} · ${way}`
        : order.paidAmount > 0
          ? `${t('partlyPaid', { paid: price(order.paidAmount), total: price(order.total) })}${paidWith ? ` · ${paidWith}` : ''}`
          : `${t('unpaid')} · ${way}`
  // Money on its way, or an online payment that did not go through (issue 28).
  const payment =
    order.status === 'cancelled' || !['pending', 'failed'].includes(order.paymentStatus)
      ? null
      : order.paymentStatus === 'failed'
        ? t('paymentFailed')
        : t('paymentPending')
  return (
    <li className="day-order" data-status={order.status}>
      <div className="day-row__head">
        {onOpen ? (
          <button type="button" className="day-order__open" onClick={() => onOpen(order.id)}>
            {t('order', { number: order.number })}
          </button>
        ) : (
          <strong>{t('order', { number: order.number })}</strong>
        )}
        <span className={`day-badge day-badge--${order.status}`}>
          {t(`status_${order.status}`)}
        </span>
        <span className="day-badge day-badge--quiet">
          {t(`type_${order.type}`)}
          {order.scheduledFor ? ` · ${wanted(order.scheduledFor)}` : ''}
        </span>
        {payment ? (
          <span className={`day-badge day-badge--payment-${order.paymentStatus}`}>{payment}</span>
        ) : null}
        <span className="day-order__time">
          {restaurantClock(order.placedAt, restaurant.timezone, dateLocale(language))}
        </span>
      </div>
      <p className="day-row__text">
        {order.items
          .map((item) => `${localized(item.name, language)} × ${item.quantity}`)
          .join(', ')}
      </p>
      <p className="day-muted">
        {order.table ? t('tableLabel', { label: order.table.label }) : t('noTable')}
        {order.waiters.length > 0
          ? ` · ${order.waiters.map((waiter) => waiter.name).join(', ')}`
          : ''}
        {order.placedBy ? ` · ${t('placedBy', { name: order.placedBy })}` : ''}
        {' · '}
        <span className="day-order__total">{price(order.total)}</span> · {paid}
      </p>
    </li>
  )
}
