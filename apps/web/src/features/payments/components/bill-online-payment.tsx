import { useEffect, useState } from 'react'
import type { Bill } from '@tableside/contracts/orders'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { tableChannel } from '@tableside/contracts/table-sessions'
import { useLivePayment } from '../hooks/use-live-payment'
import { startedBillPayments } from '../started-payment'
import { onlinePaymentMethods } from '../online-methods'
import { BillPayPanel } from './bill-pay-panel'
import { BillPaymentStatus } from './bill-payment-status'

interface BillOnlinePaymentProps {
  bill: Bill
  restaurant: Restaurant
  /** `?payment=` as the bank's way back names it. */
  returnedPaymentId: string | undefined
  /** The payment is dealt with: drop `?payment=` from the address. */
  onForget: () => void
  onBillChanged: () => void
}

/**
 * Paying the table's bill from this phone: the payment this tab started, live, and the panel to
 * start one while online payment is on, something is due and the table is open.
 */
export function BillOnlinePayment({
  bill,
  restaurant,
  returnedPaymentId,
  onForget,
  onBillChanged,
}: BillOnlinePaymentProps) {
  const { sessionId } = bill
  const [paymentId, setPaymentId] = useState(
    () => returnedPaymentId ?? startedBillPayments.get(sessionId),
  )
  useEffect(() => {
    if (returnedPaymentId) startedBillPayments.remember(sessionId, returnedPaymentId)
  }, [returnedPaymentId, sessionId])
  const payment = useLivePayment(paymentId ?? '', tableChannel(sessionId))
  const methods = onlinePaymentMethods(restaurant.settings)
  const waiting = paymentId !== undefined && (payment.data?.status ?? 'pending') === 'pending'
  const canPay = methods.length > 0 && bill.totals.due > 0 && bill.sessionStatus === 'open'

  const dismiss = () => {
    startedBillPayments.forget(sessionId)
    setPaymentId(undefined)
    onForget()
  }
  return (
    <>
      {paymentId ? (
        <BillPaymentStatus payment={payment} restaurant={restaurant} onDismiss={dismiss} />
      ) : null}
      {canPay && !(waiting && !payment.isError) ? (
        <BillPayPanel
          bill={bill}
          restaurant={restaurant}
          methods={methods}
          onStarted={(started) => {
            startedBillPayments.remember(sessionId, started.id)
            setPaymentId(started.id)
          }}
          onBillChanged={onBillChanged}
        />
      ) : null}
    </>
  )
}
