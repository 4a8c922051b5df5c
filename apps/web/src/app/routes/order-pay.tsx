import { useParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { orderChannel, type Order } from '@tableside/contracts/orders'
import type { OnlinePaymentMethod, Payment } from '@tableside/contracts/payments'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { buttonClass } from '../../components/ui/button'
import { orderQueryOptions } from '../../features/orders/api/get-order'
import { useLiveOrder } from '../../features/orders/hooks/use-live-order'
import { OrderSkeleton } from '../../features/orders/components/order-skeleton'
import { BillTipPicker } from '../../features/payments/components/bill-tip-picker'
import { MethodPicker } from '../../features/payments/components/method-picker'
import { PaymentPending } from '../../features/payments/components/payment-pending'
import { ReceiptContactField } from '../../features/payments/components/receipt-contact-field'
import { useWatchedOrderPayment } from '../../features/payments/hooks/use-watched-order-payment'
import { paymentMessages } from '../../features/payments/payment-messages'
import { useRestaurant } from '../../features/restaurant/hooks/use-restaurant'
import { formatPrice } from '../../lib/format-price'
import { apiErrorKey, apiErrorMessages } from '../../lib/api-error-text'
import { useApiClient } from '../../lib/app-context'
import { useMessages } from '../../lib/i18n/use-translation'
import { Screen } from '../screen'
import { OrderLink } from './order-link'
import { orderMessages } from './order-messages'
import { useOrderPayForm } from './use-order-pay-form'
import '../../components/ui/card.css'
import './order-pay.css'

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
  const { t } = useMessages(orderMessages)
  const order = useQuery(orderQueryOptions(api, orderId)).data
  const channel = order ? orderChannel(order.id) : undefined
  useLiveOrder(orderId, channel)
  const watched = useWatchedOrderPayment(restaurant.id, orderId, channel)

  return (
    <Screen title={t('payTitle')} lead={order ? t('payLead', { number: order.number }) : undefined}>
      {!order ? (
        <OrderSkeleton label={t('loading')} />
      ) : watched.waiting ? (
        <WaitingForPayment payment={watched.payment} onChooseAgain={watched.chooseAgain} />
      ) : (
        <PayForm
          order={order}
          restaurant={restaurant}
          previous={watched.leftMethod}
          onStarted={watched.started}
        />
      )}
      <OrderLink orderId={orderId}>{t('backToOrder')}</OrderLink>
    </Screen>
  )
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
  const words = useMessages(paymentMessages).t
  const errors = useMessages(apiErrorMessages).t
  const form = useOrderPayForm(order, restaurant, previous, onStarted)
  const { methods, method, due, tip, tipMinor, busy, receipt, failedCode } = form
  const price = (minor: number) => formatPrice(minor, restaurant)
  const failureKey = failedCode ? apiErrorKey({ code: failedCode }) : null
  return (
    <form
      className="order-pay"
      onSubmit={(event) => {
        event.preventDefault()
        form.pay()
      }}
    >
      <AmountDue order={order} due={due} price={price} />
      <MethodPicker methods={methods} value={method} onChange={form.setMethod} disabled={busy} />
      {methods.length > 0 ? (
        <BillTipPicker
          amount={due}
          tip={tip}
          waiterName={null}
          restaurant={restaurant}
          onChange={form.setTip}
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
          disabled={busy || !method || form.tipTooBig}
          aria-busy={busy}
        >
          {busy ? words('starting') : words('payAmount', { amount: price(due + tipMinor) })}
        </button>
      ) : null}
    </form>
  )
}

/** What is due, and how it came to that once part of the order is paid. */
function AmountDue({
  order,
  due,
  price,
}: {
  order: Order
  due: number
  price: (minor: number) => string
}) {
  const { t } = useMessages(orderMessages)
  const words = useMessages(paymentMessages).t
  return (
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
  )
}
