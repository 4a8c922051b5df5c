import { Link } from '../../../components/ui/link'
import type { BillOrder } from '@tableside/contracts/orders'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { formatPrice } from '../../../lib/format-price'
import { useMessages } from '../../../lib/i18n/use-translation'
import { usePaidWithText } from '../../../lib/paid-with-words'
import { formatOrderTime } from '../format-time'
import { orderWords } from '../order-messages'
import { OrderLines } from './order-lines'
import { OrderStatusChip } from './order-status-chip'
import './order-list.css'

interface TableOrderProps {
  order: BillOrder
  restaurant: Pick<Restaurant, 'locale' | 'currency' | 'timezone'>
  /** With its dishes (the bill), or just the heading line (a list of orders). */
  withLines?: boolean
  /** The order's own screen, when this phone placed it. */
  href?: string
}

/**
 * An order at the table as everyone there sees it: number, time, status, sum, and whether it is
 * paid, so the table sees what is settled (issue 14). Only this
 * phone's own orders link to their screen: another phone's order is that phone's to open.
 */
export function TableOrder({ order, restaurant, withLines = false, href }: TableOrderProps) {
  const { t, language } = useMessages(orderWords)
  const paidWith = usePaidWithText()(order.paidWith, 'dine_in')
  const Tag = withLines ? 'article' : 'div'
  return (
    <Tag className="order-item" data-status={order.status}>
      <div className="order-item__head">
        <div className="order-item__title">
          <h3 className="order-item__number">
            {href ? (
              <Link to={href}>{t('number', { number: order.number })}</Link>
            ) : (
              t('number', { number: order.number })
            )}
          </h3>
          {href ? <span className="order-item__yours">{t('yours')}</span> : null}
        </div>
        <span className="order-item__total">{formatPrice(order.totals.total, restaurant)}</span>
      </div>
      <div className="order-item__meta">
        <OrderStatusChip status={order.status} />
        {order.paymentStatus === 'paid' ? (
          <span className="order-status-chip order-item__paid">
            {paidWith ? t('paidWith', { way: paidWith }) : t('paid')}
          </span>
        ) : order.paymentStatus === 'refunded' ? (
          <span className="order-status-chip">
            {paidWith ? t('refundedWith', { way: paidWith }) : t('refunded')}
          </span>
        ) : order.paymentStatus === 'pending' && order.status !== 'cancelled' ? (
          // Being paid online: not paid until the money arrives (issue 28).
          <span className="order-status-chip">{t('pending')}</span>
        ) : null}
        <time dateTime={order.placedAt}>
          {formatOrderTime(order.placedAt, restaurant.timezone, language)}
        </time>
      </div>
      {withLines ? (
        <OrderLines
          lines={order.lines}
          restaurant={restaurant}
          label={t('number', { number: order.number })}
        />
      ) : null}
    </Tag>
  )
}
