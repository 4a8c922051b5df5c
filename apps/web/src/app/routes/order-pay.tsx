import { useEffect, useRef, useState } from 'react'
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { orderChannel, type Order } from '@tableside/contracts/orders'
import type { OnlinePaymentMethod, Payment } from '@tableside/contracts/payments'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { orderUpdated } from '@tableside/contracts/table-events'
import { buttonClass } from '../../components/ui/button'
import { paths } from '../../config/paths'
import { orderQueryOptions } from '../../features/orders/api/get-order'
import { applyOrderUpdate } from '../../features/orders/api/order-updates'
import { OrderSkeleton } from '../../features/orders/components/order-skeleton'
import { amountDue } from '../../features/payments/amount-due'
import { useStartOrderPayment } from '../../features/payments/api/start-order-payment'
import { MethodPicker } from '../../features/payments/components/method-picker'
import { PaymentPending } from '../../features/payments/components/payment-pending'
import { ReceiptContactField } from '../../features/payments/components/receipt-contact-field'
import { useReceiptContact } from '../../features/payments/hooks/use-receipt-contact'
import { useLivePayment } from '../../features/payments/hooks/use-live-payment'
import { isOnlineMethod, onlinePaymentMethods } from '../../features/payments/online-methods'
import { paymentMessages } from '../../features/payments/payment-messages'
import { startedOrderPayments } from '../../features/payments/started-payment'
import { useChannelEvent } from '../../lib/realtime/use-channel-event'
import { useRestaurant } from '../../features/restaurant/hooks/use-restaurant'
import { formatPrice } from '../../lib/format-price'
import { isApiError } from '../../lib/api-error'
import { apiErrorKey, apiErrorMessages } from '../../lib/api-error-text'
import { useApiClient } from '../../lib/app-context'
import { useMessages } from '../../lib/i18n/use-translation'
import { Screen } from '../screen'
import { useProfileReceiptContact } from './profile-receipt-contact'
import { OrderLink } from './order-link'
import { orderMessages } from './order-messages'
import { leavesForAcquirer, noticeOfStartError, startFailedCode } from './order-payment-start'
import '../../components/ui/card.css'
import './order-pay.css'
import { BillTipPicker } from '../../features/payments/components/bill-tip-picker'
import { maxTip, tipAmount, type TipDraft } from '../../features/payments/bill-payment-choice'

/**
 * `/order/:id/pay`, reached only through the `is-online-payment` guard: what is due, card or
 * SBP, and one "Pay" that hands the diner over to the acquirer's page. Coming back while the
 * payment is under way shows it waiting, live, until it succeeds (→ Success) or fails (→ Fail).
 */
export function OrderPayRoute() {
  const { id = '' } = useParams()
  return <OrderPay key={id} orderId={id} />
}

function OrderPay({ orderId }: { orderId: string }) {
  const restaurant = useRestaurant()
  const api = useApiClient()
  const queryClient = useQueryClient()
  const { t } = useMessages(orderMessages)
  const order = useQuery(orderQueryOptions(api, orderId)).data
  const channel = order ? orderChannel(order.id) : undefined
  useChannelEvent(channel, orderUpdated, (update) => applyOrderUpdate(queryClient, api, update))
  const [watchedId, setWatchedId] = useState(() => startedOrderPayments.get(orderId))
  const [leftMethod, setLeftMethod] = useState<OnlinePaymentMethod | undefined>(undefined)
  const live = useLivePayment(watchedId ?? '', watchedId ? channel : undefined)
  useOutcomeNavigation(restaurant.id, orderId, live.data)

  const waiting = watchedId !== undefined && (live.isPending || live.data?.status === 'pending')
  return (
    <Screen title={t('payTitle')} lead={order ? t('payLead', { number: order.number }) : undefined}>
      {!order ? (
        <OrderSkeleton label={t('loading')} />
      ) : waiting ? (
        <WaitingForPayment
          payment={live.data}
          onChooseAgain={() => {
            setLeftMethod(live.data?.method)
            startedOrderPayments.forget(orderId)
            setWatchedId(undefined)
          }}
        />
      ) : (
        <PayForm
          order={order}
          restaurant={restaurant}
          previous={leftMethod}
          onStarted={(payment) => {
            startedOrderPayments.remember(orderId, payment.id)
            setWatchedId(payment.id)
          }}
        />
      )}
      <OrderLink orderId={orderId}>{t('backToOrder')}</OrderLink>
    </Screen>
  )
}

/**
 * Goes on to Success or Fail once the watched payment is decided. A payment that was already
 * failed when the screen opened is an old attempt: the form shows instead, to try again.
 */
function useOutcomeNavigation(restaurantId: string, orderId: string, payment: Payment | undefined) {
  const navigate = useNavigate()
  const seenPending = useRef<string | undefined>(undefined)
  useEffect(() => {
    if (!payment) return
    if (payment.status === 'pending') {
      seenPending.current = payment.id
      return
    }
    if (payment.status === 'succeeded') {
      startedOrderPayments.forget(orderId)
      void navigate(paths.orderSuccess(restaurantId, orderId, { payment: payment.id }), {
        replace: true,
      })
    } else if (seenPending.current === payment.id) {
      startedOrderPayments.forget(orderId)
      void navigate(paths.orderFail(restaurantId, orderId, { payment: payment.id }), {
        replace: true,
      })
    }
  }, [navigate, orderId, payment, restaurantId])
}

function WaitingForPayment({
  payment,
  onChooseAgain,
}: {
  payment: Payment | undefined
  onChooseAgain: () => void
}) {
  const { t } = useMessages(paymentMessages)
  return (
    <PaymentPending
      title={t('pending')}
      hint={t('pendingHint')}
      actions={
        payment ? (
          <>
            {payment.redirectUrl ? (
              <a className={buttonClass('primary', { block: true })} href={payment.redirectUrl}>
                {t('backToBank')}
              </a>
            ) : null}
            <button
              type="button"
              className={buttonClass('secondary', { block: true })}
              onClick={onChooseAgain}
            >
              {t('chooseAgain')}
            </button>
          </>
        ) : null
      }
    />
  )
}

interface PayFormProps {
  order: Order
  restaurant: Restaurant
  /** The method of the attempt the diner is leaving, if any: another one is preselected. */
  previous: OnlinePaymentMethod | undefined
  onStarted: (payment: Payment) => void
}

function PayForm({ order, restaurant, previous, onStarted }: PayFormProps) {
  const { t } = useMessages(orderMessages)
  const words = useMessages(paymentMessages).t
  const errors = useMessages(apiErrorMessages).t
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const location = useLocation()
  const methods = onlinePaymentMethods(restaurant.settings)
  const [method, setMethod] = useState(() => initialMethod(methods, order, previous, params))
  // Checkout started this payment for the diner and it failed: say why beside the retry.
  const [handedFailure, setHandedFailure] = useState(() => startFailedCode(location.state))
  const start = useStartOrderPayment()
  const handingOver = useHandingOver()
  const price = (minor: number) => formatPrice(minor, restaurant)
  const due = amountDue(order)
  const [tip, setTip] = useState<TipDraft>({ kind: 'none' })
  const tipMinor = tipAmount(tip, due)
  const tipTooBig = tipMinor > maxTip(due)
  const busy = start.isPending || handingOver.active
  // Where the restaurant sends receipts, the diner says where theirs goes (decision 0133).
  const receipt = useReceiptContact(restaurant.receipts === true, useProfileReceiptContact())

  const pay = () => {
    if (!method || busy || tipTooBig) return
    if (!receipt.ready()) return
    setHandedFailure(undefined)
    start.mutate(
      {
        orderId: order.id,
        method,
        tip: tipMinor,
        ...receipt.body,
      },
      {
        onSuccess: (payment) => {
          if (!leavesForAcquirer(payment)) {
            onStarted(payment)
            return
          }
          startedOrderPayments.remember(order.id, payment.id)
          handingOver.begin(() => onStarted(payment))
          window.location.assign(payment.redirectUrl)
        },
        onError: (error) => {
          if (receipt.refusedBy(error)) return
          const notice = noticeOfStartError(error)
          if (notice) {
            void navigate(paths.order(restaurant.id, order.id, { notice }), { replace: true })
          }
        },
      },
    )
  }

  const failedCode = start.isError
    ? noticeOfStartError(start.error) || receipt.field.invalid
      ? undefined
      : isApiError(start.error)
        ? start.error.code
        : 'unknown'
    : handedFailure
  const failureKey = failedCode ? apiErrorKey({ code: failedCode }) : null
  return (
    <form
      className="order-pay"
      onSubmit={(event) => {
        event.preventDefault()
        pay()
      }}
    >
      <section className="card order-pay__due" aria-label={words('due')}>
        {order.paidAmount > 0 ? (
          <dl className="order-pay__parts">
            <div>
              <dt>{t('total')}</dt>
              <dd>{price(order.totals.total)}</dd>
            </div>
            <div>
              <dt>{t('alreadyPaid')}</dt>
              <dd>−{price(order.paidAmount)}</dd>
            </div>
          </dl>
        ) : null}
        <p className="order-pay__amount">
          <span>{words('due')}</span>
          <strong>{price(due)}</strong>
        </p>
      </section>
      <MethodPicker methods={methods} value={method} onChange={setMethod} disabled={busy} />
      {methods.length > 0 ? (
        <BillTipPicker
          amount={due}
          tip={tip}
          waiterName={null}
          restaurant={restaurant}
          onChange={setTip}
        />
      ) : null}
      {receipt.asks && methods.length > 0 ? (
        <ReceiptContactField {...receipt.field} disabled={busy} />
      ) : null}
      {failedCode ? (
        <p className="order-pay__problem" role="alert">
          {failureKey ? errors(failureKey) : words('startFailed')}
        </p>
      ) : null}
      {methods.length > 0 ? (
        <button
          type="submit"
          className={buttonClass('primary', { block: true })}
          disabled={busy || !method || tipTooBig}
          aria-busy={busy}
        >
          {busy ? words('starting') : words('payAmount', { amount: price(due + tipMinor) })}
        </button>
      ) : null}
    </form>
  )
}

/** `?method=` (Fail's "another method"), else a method other than the one left, else the order's. */
function initialMethod(
  methods: readonly OnlinePaymentMethod[],
  order: Pick<Order, 'paymentMethod'>,
  previous: OnlinePaymentMethod | undefined,
  params: URLSearchParams,
): OnlinePaymentMethod | undefined {
  const asked = methods.find((method) => method === params.get('method'))
  if (asked) return asked
  const other = previous && methods.find((method) => method !== previous)
  if (other) return other
  const ordered = isOnlineMethod(order.paymentMethod) ? order.paymentMethod : undefined
  return methods.find((method) => method === ordered) ?? methods[0]
}

/**
 * While the browser leaves for the acquirer's page the button stays busy. The back button may
 * restore this very page from the back-forward cache, still busy: then the attempt is shown
 * as the payment it started, waiting.
 */
function useHandingOver() {
  const [active, setActive] = useState(false)
  const restored = useRef<(() => void) | undefined>(undefined)
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted || !restored.current) return
      setActive(false)
      restored.current()
      restored.current = undefined
    }
    window.addEventListener('pageshow', onPageShow)
    return () => window.removeEventListener('pageshow', onPageShow)
  }, [])
  return {
    active,
    begin: (onRestored: () => void) => {
      restored.current = onRestored
      setActive(true)
    },
  }
}
