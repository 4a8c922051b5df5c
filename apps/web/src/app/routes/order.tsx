import { useNavigate, useOutlet, useParams, useSearchParams } from 'react-router'
import { Link } from '../../components/ui/link'
import { useQuery } from '@tanstack/react-query'
import { orderChannel, type Order } from '@tableside/contracts/orders'
import type { OrderType, Restaurant } from '@tableside/contracts/restaurants'
import { buttonClass } from '../../components/ui/button'
import { OrdersIcon } from '../../components/ui/icons'
import { NoticeCard } from '../../components/ui/notice-card'
import { CheckCircleIcon } from '../../components/ui/screen-icons'
import { AlertIcon } from '../../components/ui/status-icons'
import { paths } from '../../config/paths'
import { isOrderId, orderQueryOptions } from '../../features/orders/api/get-order'
import { useLiveOrder } from '../../features/orders/hooks/use-live-order'
import { useCart } from '../../features/cart/cart-store'
import { OrderAgain } from '../../features/orders/components/order-again'
import { OrderSkeleton } from '../../features/orders/components/order-skeleton'
import { reorderedNavigationState } from '../../features/orders/reorder-notice'
import { OrderView } from '../../features/orders/components/order-view'
import { amountDue } from '../../features/payments/amount-due'
import { TestPaymentNote } from '../../features/payments/components/test-payment-note'
import { useCancelPayment } from '../../features/payments/api/cancel-payment'
import { startedOrderPayments } from '../../features/payments/started-payment'
import { useRestaurant } from '../../features/restaurant/hooks/use-restaurant'
import { formatPrice } from '../../lib/format-price'
import { isApiError } from '../../lib/api-error'
import { useApiClient, useRuntimeConfig } from '../../lib/app-context'
import { useMessages } from '../../lib/i18n/use-translation'
import { onlinePaymentDecision } from '../guards/is-online-payment'
import { Screen } from '../screen'
import { orderMessages } from './order-messages'
import { parseOrderNotice, type OrderNotice } from './order-notice'
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
  const { t } = useMessages(orderMessages)
  const query = useQuery(orderQueryOptions(api, orderId))
  const order = query.data?.restaurantId === restaurant.id ? query.data : undefined
  useLiveOrder(orderId, order ? orderChannel(order.id) : undefined)
  const cancelPayment = useCancelPayment()
  const cart = useCart(restaurant.id)
  const navigate = useNavigate()
  // Only the phone that started the order's payment knows its id, the capability to cancel it.
  const startedPaymentId = order ? startedOrderPayments.get(order.id) : undefined

  if (order) {
    return (
      <Screen title={t('numbered', { number: order.number })}>
        <NoticeBanner type={order.type} />
        <OrderPayment order={order} restaurant={restaurant} />
        <OrderView
          order={order}
          restaurant={restaurant}
          onCancelPayment={
            startedPaymentId ? () => cancelPayment.mutateAsync(startedPaymentId) : undefined
          }
        />
        <OrderAgain
          orderId={order.id}
          restaurant={restaurant}
          cart={cart}
          onFilled={(notice) =>
            void navigate(paths.cart(restaurant.id), { state: reorderedNavigationState(notice) })
          }
        />
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

const NOTICE_TEXT = {
  'paid-in-cash': 'noticePaidInCash',
  'already-paid': 'noticeAlreadyPaid',
  cancelled: 'noticeCancelled',
  'online-off': 'noticeOnlineOff',
  'nothing-due': 'noticeNothingDue',
} as const satisfies Record<OrderNotice, string>

/** Paying in person goes to whoever hands the order over: not always a waiter. */
const IN_PERSON_NOTICE = {
  'paid-in-cash': {
    dine_in: 'noticePaidInCash',
    preorder: 'noticePaidInCash',
    pickup: 'noticePaidInCashPickup',
    delivery: 'noticePaidInCashDelivery',
  },
  'online-off': {
    dine_in: 'noticeOnlineOff',
    preorder: 'noticeOnlineOff',
    pickup: 'noticeOnlineOffPickup',
    delivery: 'noticeOnlineOffDelivery',
  },
} as const satisfies Partial<Record<OrderNotice, Record<OrderType, string>>>

/** Why the Pay screen sent the diner here (`?notice=`), in plain words. */
function NoticeBanner({ type }: { type: OrderType }) {
  const [params] = useSearchParams()
  const { t } = useMessages(orderMessages)
  const notice = parseOrderNotice(params.get('notice'))
  if (!notice) return null
  const key =
    notice === 'paid-in-cash' || notice === 'online-off'
      ? IN_PERSON_NOTICE[notice][type]
      : NOTICE_TEXT[notice]
  return (
    <p className="order-notice" role="status">
      <AlertIcon size={22} />
      <span>{t(key)}</span>
    </p>
  )
}

/**
 * "Pay" while the order may be paid online and something is due; "Paid" once it is. Where
 * online payments go to the sandbox acquirer, both say it is a test.
 */
function OrderPayment({ order, restaurant }: { order: Order; restaurant: Restaurant }) {
  const { t } = useMessages(orderMessages)
  const { testPayments } = useRuntimeConfig()
  const price = (minor: number) => formatPrice(minor, restaurant)
  if (order.paymentStatus === 'paid') {
    return (
      <>
        <p className="order-paid">
          <CheckCircleIcon size={22} />
          <span>{t('paidBadge', { amount: price(order.paidAmount) })}</span>
        </p>
        {testPayments && order.paymentMethod !== 'cash' ? <TestPaymentNote /> : null}
      </>
    )
  }
  if (!onlinePaymentDecision(order, restaurant).ok) return null
  return (
    <>
      <Link
        className={buttonClass('primary', { block: true })}
        to={paths.orderPay(restaurant.id, order.id)}
      >
        {t('payAction', { amount: price(amountDue(order)) })}
      </Link>
      {testPayments ? <TestPaymentNote /> : null}
    </>
  )
}
