import { useEffect, useState, type ReactNode } from 'react'
import { useParams, useSearchParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { orderChannel, type Order } from '@tableside/contracts/orders'
import type { Payment } from '@tableside/contracts/payments'
import type { OrderType, Restaurant } from '@tableside/contracts/restaurants'
import { buttonClass } from '../../components/ui/button'
import { Link } from '../../components/ui/link'
import { NoticeCard } from '../../components/ui/notice-card'
import { CheckCircleIcon } from '../../components/ui/screen-icons'
import { AlertIcon } from '../../components/ui/status-icons'
import { paths } from '../../config/paths'
import { orderQueryOptions } from '../../features/orders/api/get-order'
import { useLiveOrder } from '../../features/orders/hooks/use-live-order'
import { OrderLines } from '../../features/orders/components/order-lines'
import { OrderSkeleton } from '../../features/orders/components/order-skeleton'
import { OrderTotals } from '../../features/orders/components/order-totals'
import { useCancelPayment } from '../../features/payments/api/cancel-payment'
import { isPaymentId } from '../../features/payments/api/get-payment'
import { PaymentPending } from '../../features/payments/components/payment-pending'
import { PaymentSummary } from '../../features/payments/components/payment-summary'
import { useLivePayment } from '../../features/payments/hooks/use-live-payment'
import { onlinePaymentMethods } from '../../features/payments/online-methods'
import { failureMessageKey, paymentMessages } from '../../features/payments/payment-messages'
import { useRestaurant } from '../../features/restaurant/hooks/use-restaurant'
import { isApiError } from '../../lib/api-error'
import { useApiClient } from '../../lib/app-context'
import { useMessages } from '../../lib/i18n/use-translation'
import { Screen } from '../screen'
import { OrderLink } from './order-link'
import { orderMessages } from './order-messages'
import '../../components/ui/card.css'
import './order-outcome.css'

/**
 * Where the acquirer sends the diner back (`/success` or `/fail`, `?payment=ID`). The screen
 * follows the payment itself, live, whichever address the diner came back to: the server asks
 * the acquirer before it answers, so a payment still pending has not been paid (the diner left
 * the bank's page): "not paid yet", then the receipt or the reason it failed (issue 28).
 */
export function OrderOutcome() {
  const { id = '' } = useParams()
  const [params] = useSearchParams()
  const paymentId = params.get('payment') ?? ''
  return <Outcome key={`${id}|${paymentId}`} orderId={id} paymentId={paymentId} />
}

function Outcome({ orderId, paymentId }: { orderId: string; paymentId: string }) {
  const restaurant = useRestaurant()
  const api = useApiClient()
  const { t } = useMessages(orderMessages)
  const words = useMessages(paymentMessages).t
  const order = useQuery(orderQueryOptions(api, orderId)).data
  // Only a real order's channel is asked for: the server refuses to authorize any other.
  const channel = order?.restaurantId === restaurant.id ? orderChannel(order.id) : undefined
  const live = useLivePayment(paymentId, channel)
  useLiveOrder(orderId, channel)
  const payment = live.data?.orderId === orderId ? live.data : undefined
  const slow = useTookLonger(CHECK_PATIENCE_MS)
  const toOrder = <OrderLink orderId={orderId}>{t('backToOrder')}</OrderLink>

  if (payment?.status === 'succeeded' || payment?.status === 'refunded') {
    return <Receipt payment={payment} order={order} restaurant={restaurant} orderId={orderId} />
  }
  if (payment?.status === 'failed' || payment?.status === 'cancelled') {
    return <Failure payment={payment} order={order} restaurant={restaurant} orderId={orderId} />
  }
  if (payment || (live.isPending && isPaymentId(paymentId) && !slow)) {
    // The server asked the acquirer before answering: pending means nothing has arrived.
    if (!payment) {
      return (
        <Screen title={words('checking')}>
          <OrderSkeleton label={words('checking')} />
        </Screen>
      )
    }
    return <NotPaidYet payment={payment} toOrder={toOrder} />
  }
  if (live.isPending && isPaymentId(paymentId)) {
    // The acquirer's answer is slow to come: say what is known, that nothing has arrived yet.
    return <NotPaidYet payment={undefined} toOrder={toOrder} />
  }
  const missing =
    !isPaymentId(paymentId) ||
    live.data !== undefined ||
    (isApiError(live.error) && live.error.status === 404)
  return (
    <Screen title={words(missing ? 'notFoundTitle' : 'failed')}>
      <NoticeCard
        tone="alert"
        icon={<AlertIcon size={32} />}
        title={words(missing ? 'notFoundTitle' : 'failed')}
        actions={
          missing ? (
            toOrder
          ) : (
            <button
              type="button"
              className={buttonClass('primary')}
              onClick={() => void live.refetch()}
            >
              {words('retry')}
            </button>
          )
        }
      >
        <p>{words(missing ? 'notFound' : 'loadFailed')}</p>
      </NoticeCard>
    </Screen>
  )
}

/** How long the screen waits for the acquirer's answer before saying nothing has arrived yet. */
const CHECK_PATIENCE_MS = 6_000

/** Whether `ms` have passed since the screen opened. */
function useTookLonger(ms: number): boolean {
  const [passed, setPassed] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setPassed(true), ms)
    return () => clearTimeout(timer)
  }, [ms])
  return passed
}

/**
 * A payment the acquirer has not confirmed (the diner left its page, closed it or came back by
 * Back): nothing is paid yet, said once, with the ways on — back to the bank's page, or another
 * way to pay, which gives this payment up and shows the choices (issue 28).
 */
function NotPaidYet({ payment, toOrder }: { payment: Payment | undefined; toOrder: ReactNode }) {
  const words = useMessages(paymentMessages).t
  const cancel = useCancelPayment()
  return (
    <Screen title={words('notPaidYet')}>
      <PaymentPending
        title={words('notConfirmed')}
        hint={words('notPaidYetHint')}
        actions={
          <>
            {payment?.redirectUrl ? (
              <a className={buttonClass('primary', { block: true })} href={payment.redirectUrl}>
                {words('backToBank')}
              </a>
            ) : null}
            {payment ? (
              <button
                type="button"
                className={buttonClass('secondary', { block: true })}
                disabled={cancel.isPending}
                onClick={() => cancel.mutate(payment.id)}
              >
                {words('payAnotherWay')}
              </button>
            ) : null}
            {toOrder}
          </>
        }
      />
    </Screen>
  )
}

interface OutcomeProps {
  payment: Payment
  /** Undefined while the order is still loading: the receipt fills in when it arrives. */
  order: Order | undefined
  restaurant: Restaurant
  orderId: string
}

/** A receipt of what was paid, and the way on to following the order. */
function Receipt({ payment, order, restaurant, orderId }: OutcomeProps) {
  const { t } = useMessages(orderMessages)
  const number = order?.number ?? payment.orderNumber
  return (
    <Screen title={t('successTitle')}>
      <section className="card receipt" aria-labelledby="receipt-title">
        <header className="receipt__head">
          <span className="receipt__icon">
            <CheckCircleIcon size={32} />
          </span>
          <p className="receipt__restaurant">{restaurant.name}</p>
          <h2 id="receipt-title" className="receipt__title">
            {number === null ? t('receipt') : t('receiptFor', { number })}
          </h2>
        </header>
        {order ? (
          <>
            <OrderLines lines={order.lines} restaurant={restaurant} label={t('receipt')} />
            <OrderTotals
              totals={order.totals}
              restaurant={restaurant}
              bonusPoints={order.bonusPoints}
            />
          </>
        ) : (
          <OrderSkeleton label={t('loading')} />
        )}
        <div className="receipt__payment">
          <PaymentSummary payment={payment} restaurant={restaurant} />
        </div>
      </section>
      <OrderLink orderId={orderId} variant="primary">
        {t('followOrder')}
      </OrderLink>
    </Screen>
  )
}

/** Who takes the cash instead: the waiter, the counter or the courier. */
const CASH_WAY = {
  dine_in: 'cashAtTable',
  preorder: 'cashOnVisit',
  pickup: 'cashElsewhere',
  delivery: 'cashToCourier',
} as const satisfies Record<OrderType, string>

/** Why the payment did not go through, and the ways forward: again, another way, or cash. */
function Failure({ payment, order, restaurant, orderId }: OutcomeProps) {
  const { t } = useMessages(orderMessages)
  const words = useMessages(paymentMessages).t
  const other = onlinePaymentMethods(restaurant.settings).find((m) => m !== payment.method)
  const atTable = order?.type === 'dine_in'
  return (
    <Screen title={t('failTitle')}>
      <NoticeCard
        tone="alert"
        icon={<AlertIcon size={32} />}
        title={words(failureMessageKey(payment.failureReason))}
        actions={
          <>
            <Link
              className={buttonClass('primary', { block: true })}
              to={paths.orderPay(restaurant.id, orderId, { method: payment.method })}
            >
              {t('tryAgain')}
            </Link>
            {other ? (
              <Link
                className={buttonClass('secondary', { block: true })}
                to={paths.orderPay(restaurant.id, orderId, { method: other })}
              >
                {t('otherMethod')}
              </Link>
            ) : null}
          </>
        }
      >
        <p>{t('failLead')}</p>
      </NoticeCard>
      <section className="card outcome-cash" aria-labelledby="outcome-cash-title">
        <h2 id="outcome-cash-title" className="outcome-cash__title">
          {t('cashTitle')}
        </h2>
        <p>{t(CASH_WAY[order?.type ?? 'pickup'])}</p>
        {atTable ? (
          <Link
            className={buttonClass('secondary', { block: true })}
            to={paths.call(restaurant.id, { reason: 'bill' })}
          >
            {t('callWaiter')}
          </Link>
        ) : null}
      </section>
      <OrderLink orderId={orderId}>{t('backToOrder')}</OrderLink>
    </Screen>
  )
}
