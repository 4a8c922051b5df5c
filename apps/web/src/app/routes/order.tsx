import { useOutlet, useParams } from 'react-router'
import { Link } from '../../components/ui/link'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { orderChannel } from '@tableside/contracts/orders'
import { orderUpdated } from '@tableside/contracts/table-events'
import { buttonClass } from '../../components/ui/button'
import { OrdersIcon } from '../../components/ui/icons'
import { AlertIcon } from '../../components/ui/status-icons'
import { paths } from '../../config/paths'
import { isOrderId, orderQueryOptions } from '../../features/orders/api/get-order'
import { applyOrderUpdate } from '../../features/orders/api/order-updates'
import { NoticeCard } from '../../features/orders/components/notice-card'
import { OrderSkeleton } from '../../features/orders/components/order-skeleton'
import { OrderView } from '../../features/orders/components/order-view'
import { useChannelEvent } from '../../features/realtime/use-channel-event'
import { useRestaurant } from '../../features/restaurant/hooks/use-restaurant'
import { isApiError } from '../../lib/api-error'
import { useApiClient } from '../../lib/app-context'
import { useMessages } from '../../lib/i18n/use-translation'
import { Screen } from '../screen'
import { orderMessages } from './order-messages'
import './order.css'

/** `/order/:id`: the order's details, or one of its payment screens (pay, success, fail). */
export function OrderRoute() {
  const outlet = useOutlet()
  const { id = '' } = useParams()
  if (outlet) return outlet
  return <OrderScreen key={id} orderId={id} />
}

/**
 * The order, live: `order.updated` on its private channel patches the cached order in place;
 * the query's slow poll (see `orderQueryOptions`) catches up on anything a dropped socket missed.
 */
function OrderScreen({ orderId }: { orderId: string }) {
  const restaurant = useRestaurant()
  const api = useApiClient()
  const queryClient = useQueryClient()
  const { t } = useMessages(orderMessages)
  const query = useQuery(orderQueryOptions(api, orderId))
  const order = query.data?.restaurantId === restaurant.id ? query.data : undefined
  useChannelEvent(order ? orderChannel(order.id) : undefined, orderUpdated, (update) =>
    applyOrderUpdate(queryClient, api, update),
  )

  if (order) {
    return (
      <Screen title={t('numbered', { number: order.number })}>
        <OrderView order={order} restaurant={restaurant} />
        <nav className="order-links">
          <Link
            className={buttonClass('secondary', { block: true })}
            to={paths.orders(restaurant.id)}
          >
            {t('myOrders')}
          </Link>
          {order.type === 'dine_in' ? (
            <Link
              className={buttonClass('secondary', { block: true })}
              to={paths.bill(restaurant.id)}
            >
              {t('tableBill')}
            </Link>
          ) : null}
        </nav>
      </Screen>
    )
  }
  const missing =
    !isOrderId(orderId) ||
    query.data !== undefined ||
    (isApiError(query.error) && query.error.status === 404)
  if (missing) {
    return (
      <Screen title={t('loadingTitle')}>
        <NoticeCard
          icon={<OrdersIcon size={32} />}
          title={t('notFoundTitle')}
          actions={
            <Link className={buttonClass('primary')} to={paths.orders(restaurant.id)}>
              {t('myOrders')}
            </Link>
          }
        >
          <p>{t('notFound')}</p>
        </NoticeCard>
      </Screen>
    )
  }
  if (query.isError) {
    return (
      <Screen title={t('loadingTitle')}>
        <NoticeCard
          tone="alert"
          icon={<AlertIcon size={32} />}
          title={t('failedTitle')}
          actions={
            <button
              type="button"
              className={buttonClass('primary')}
              onClick={() => void query.refetch()}
            >
              {t('retry')}
            </button>
          }
        >
          <p>{t('failed')}</p>
        </NoticeCard>
      </Screen>
    )
  }
  return (
    <Screen title={t('loadingTitle')}>
      <OrderSkeleton label={t('loading')} />
    </Screen>
  )
}
