import { Link } from '../../../components/ui/link'
import type { OrderSummary } from '@tableside/contracts/orders'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { paths } from '../../../config/paths'
import { formatPrice } from '../../../lib/format-price'
import { useMessages } from '../../../lib/i18n/use-translation'
import { formatOrderTime } from '../format-time'
import { orderWords } from '../order-messages'
import { usePaidWords } from '../use-paid-words'
import { OrderStatusChip } from './order-status-chip'
import './order-list.css'

/**
 * One of this phone's orders in a list: number, type, time, status and sum, opening the order;
 * once paid (or refunded), how it was actually paid (issue 28).
 */
export function MyOrderLink({
  order,
  restaurant,
}: {
  order: OrderSummary
  restaurant: Pick<Restaurant, 'id' | 'locale' | 'currency' | 'timezone'>
}) {
  const { t, language } = useMessages(orderWords)
  const paid = usePaidWords(order)
  return (
    <Link className="order-item order-item--link" to={paths.order(restaurant.id, order.id)}>
      <span className="order-item__head">
        <span className="order-item__number">{t('number', { number: order.number })}</span>
        <span className="order-item__total">{formatPrice(order.total, restaurant)}</span>
      </span>
      <span className="order-item__meta">
        <OrderStatusChip status={order.status} />
        <span>
          {t(order.type)} ·{' '}
          <time dateTime={order.placedAt}>
            {formatOrderTime(order.placedAt, restaurant.timezone, language)}
          </time>
        </span>
        {paid ? <span>{paid}</span> : null}
      </span>
    </Link>
  )
}
