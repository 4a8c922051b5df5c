import { useId, useState } from 'react'
import { useNavigate } from 'react-router'
import type { ClientOrderSummary } from '@tableside/contracts/client'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { buttonClass } from '../../components/ui/button'
import { OrdersIcon } from '../../components/ui/icons'
import { Link } from '../../components/ui/link'
import { NoticeCard } from '../../components/ui/notice-card'
import { ClockIcon } from '../../components/ui/screen-icons'
import { paths } from '../../config/paths'
import { useCart } from '../../features/cart/cart-store'
import { useClientMe } from '../../features/client/api/client-me'
import { useClientOrders } from '../../features/client/api/client-orders'
import { historyMessages } from '../../features/client/history-messages'
import { historyPoints } from '../../features/client/history-points'
import { useProfileToken } from '../../features/client/profile-session-store'
import { formatOrderDate } from '../../features/orders/format-time'
import { OrderAgain } from '../../features/orders/components/order-again'
import { OrderSkeleton } from '../../features/orders/components/order-skeleton'
import { OrderStatusChip } from '../../features/orders/components/order-status-chip'
import { orderWords } from '../../features/orders/order-messages'
import { reorderedNavigationState } from '../../features/orders/reorder-notice'
import { usePaidWords } from '../../features/orders/use-paid-words'
import { useRestaurant } from '../../features/restaurant/hooks/use-restaurant'
import { formatPrice } from '../../lib/format-price'
import { pluralCategory } from '../../lib/i18n/plural'
import { useMessages } from '../../lib/i18n/use-translation'
import { Screen } from '../screen'
import { NothingYet } from './nothing-yet'
import './history.css'

/**
 * `/history` (issue 16): the signed-in diner's orders here, newest first, a page of
 * MAX_CLIENT_ORDERS_LISTED at a time, each with its receipt and "Order again".
 */
export function HistoryRoute() {
  const restaurant = useRestaurant()
  const { t } = useMessages(historyMessages)
  const me = useClientMe()
  const token = useProfileToken()
  const orders = useClientOrders(restaurant.id, me.data ? token : undefined)

  if (me.isPending) {
    return (
      <Screen title={t('title')}>
        <OrderSkeleton label={t('loading')} />
      </Screen>
    )
  }
  if (me.isError) {
    return (
      <Screen title={t('title')}>
        <Problem text={t('failed')} retry={t('retry')} onRetry={() => void me.refetch()} />
      </Screen>
    )
  }
  if (!me.data) {
    return (
      <Screen title={t('title')}>
        <NoticeCard
          icon={<ClockIcon size={32} />}
          title={t('anonymousTitle')}
          actions={
            <Link
              className={buttonClass('primary')}
              to={`${paths.clientAuth(restaurant.id)}?then=history`}
            >
              {t('signIn')}
            </Link>
          }
        >
          <p>{t('anonymousText')}</p>
        </NoticeCard>
      </Screen>
    )
  }
  return (
    <Screen title={t('title')}>
      {orders.isPending ? <OrderSkeleton label={t('loading')} /> : null}
      {orders.isError ? (
        <Problem text={t('failed')} retry={t('retry')} onRetry={() => void orders.refetch()} />
      ) : null}
      {orders.data?.orders.length === 0 ? (
        <NothingYet
          restaurantId={restaurant.id}
          icon={<OrdersIcon size={32} />}
          title={t('emptyTitle')}
          text={t('emptyText')}
          toMenu={t('toMenu')}
        />
      ) : null}
      {orders.data && orders.data.orders.length > 0 ? (
        <>
          <ul className="history" aria-label={t('listLabel')}>
            {orders.data.orders.map((order) => (
              <li key={order.id}>
                <HistoryOrder order={order} restaurant={restaurant} />
              </li>
            ))}
          </ul>
          {orders.data.more ? (
            <OlderOrders
              restaurant={restaurant}
              token={token}
              after={orders.data.orders.at(-1)?.id}
            />
          ) : null}
        </>
      ) : null}
    </Screen>
  )
}

/**
 * The next page of the history, once asked for ("Показать более ранние заказы"), and the way
 * to the one after it: a page at a time, each its own query, so a long history never loads
 * whole and what is shown stays put.
 */
function OlderOrders({
  restaurant,
  token,
  after,
}: {
  restaurant: Restaurant
  token: string | undefined
  after: string | undefined
}) {
  const { t } = useMessages(historyMessages)
  const [asked, setAsked] = useState(false)
  const older = useClientOrders(restaurant.id, asked ? token : undefined, after)
  if (!asked || !after) {
    return (
      <button type="button" className="history__older" onClick={() => setAsked(true)}>
        {t('older')}
      </button>
    )
  }
  if (older.isPending) {
    return (
      <p className="history__loading" role="status">
        {t('loadingOlder')}
      </p>
    )
  }
  if (older.isError) {
    return <Problem text={t('failed')} retry={t('retry')} onRetry={() => void older.refetch()} />
  }
  return (
    <>
      <ul className="history history--older" aria-label={t('listLabel')}>
        {older.data.orders.map((order) => (
          <li key={order.id}>
            <HistoryOrder order={order} restaurant={restaurant} />
          </li>
        ))}
      </ul>
      {older.data.more ? (
        <OlderOrders restaurant={restaurant} token={token} after={older.data.orders.at(-1)?.id} />
      ) : null}
    </>
  )
}

function Problem({ text, retry, onRetry }: { text: string; retry: string; onRetry: () => void }) {
  return (
    <p className="history__problem" role="alert">
      {text}{' '}
      <button type="button" className="history__retry" onClick={onRetry}>
        {retry}
      </button>
    </p>
  )
}

function HistoryOrder({
  order,
  restaurant,
}: {
  order: ClientOrderSummary
  restaurant: Restaurant
}) {
  const { t, language } = useMessages(historyMessages)
  const words = useMessages(orderWords)
  const cart = useCart(restaurant.id)
  const navigate = useNavigate()
  const id = useId()
  const points = historyPoints(order.points)
  const paid = usePaidWords(order)
  return (
    <article className="history-order" data-status={order.status} aria-labelledby={id}>
      <div className="history-order__head">
        <h2 id={id} className="history-order__number">
          {words.t('number', { number: order.number })}
        </h2>
        <span className="history-order__total">{formatPrice(order.total, restaurant)}</span>
      </div>
      <p className="history-order__meta">
        <time dateTime={order.placedAt}>
          {formatOrderDate(order.placedAt, restaurant.timezone, language)}
        </time>
        <span aria-hidden="true"> · </span>
        <span>{words.t(order.type)}</span>
        {paid ? (
          <>
            <span aria-hidden="true"> · </span>
            <span>{paid}</span>
          </>
        ) : null}
      </p>
      <div className="history-order__facts">
        <OrderStatusChip status={order.status} />
        {points.map((said) => (
          <span key={said.kind} className="history-order__points" data-kind={said.kind}>
            {t(`${said.kind}_${pluralCategory(said.points, language)}`, { count: said.points })}
          </span>
        ))}
      </div>
      <div className="history-order__actions">
        <Link className="history-order__receipt" to={paths.order(restaurant.id, order.id)}>
          {t('receipt')}
        </Link>
        <OrderAgain
          orderId={order.id}
          restaurant={restaurant}
          cart={cart}
          onFilled={(notice) =>
            void navigate(paths.cart(restaurant.id), { state: reorderedNavigationState(notice) })
          }
        />
      </div>
    </article>
  )
}
