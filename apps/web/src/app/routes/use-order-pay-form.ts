import { useState } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import type { Order } from '@tableside/contracts/orders'
import type { OnlinePaymentMethod, Payment } from '@tableside/contracts/payments'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { paths } from '../../config/paths'
import { amountDue } from '../../features/payments/amount-due'
import { useStartOrderPayment } from '../../features/payments/api/start-order-payment'
import { maxTip, tipAmount, type TipDraft } from '../../features/payments/bill-payment-choice'
import { useHandingOver } from '../../features/payments/hooks/use-handing-over'
import { useReceiptContact } from '../../features/payments/hooks/use-receipt-contact'
import { isOnlineMethod, onlinePaymentMethods } from '../../features/payments/online-methods'
import { startedOrderPayments } from '../../features/payments/started-payment'
import { isApiError } from '../../lib/api-error'
import { useProfileReceiptContact } from './profile-receipt-contact'
import { leavesForAcquirer, noticeOfStartError, startFailedCode } from './order-payment-start'

/**
 * The Pay form's state: the method, the tip, the receipt's contact, and one `pay` that starts
 * the payment and hands the diner over to the acquirer's page. `previous`: the method of the
 * attempt the diner is leaving, if any; `onStarted`: a payment to wait for here.
 */
export function useOrderPayForm(
  order: Order,
  restaurant: Restaurant,
  previous: OnlinePaymentMethod | undefined,
  onStarted: (payment: Payment) => void,
) {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const location = useLocation()
  const methods = onlinePaymentMethods(restaurant.settings)
  const [method, setMethod] = useState(() => initialMethod(methods, order, previous, params))
  // Checkout started this payment for the diner and it failed: say why beside the retry.
  const [handedFailure, setHandedFailure] = useState(() => startFailedCode(location.state))
  const start = useStartOrderPayment()
  const handingOver = useHandingOver()
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
  return {
    methods,
    method,
    setMethod,
    due,
    tip,
    setTip,
    tipMinor,
    tipTooBig,
    busy,
    receipt,
    pay,
    /** Why the last start failed, when the form is where to say so. */
    failedCode,
  }
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
