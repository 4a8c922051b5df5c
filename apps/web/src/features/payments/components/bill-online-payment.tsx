import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { Bill } from '@tableside/contracts/orders'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { billUpdated } from '@tableside/contracts/table-events'
import { tableChannel } from '@tableside/contracts/table-sessions'
import { useApiClient } from '../../../lib/app-context'
import type { SpendablePoints } from '../../../lib/bonus-points'
import { useChannelEvent } from '../../../lib/realtime/use-channel-event'
import { useResubscribed } from '../../../lib/realtime/use-resubscribed'
import { paymentQueryOptions } from '../api/get-payment'
import { useLivePayment } from '../hooks/use-live-payment'
import { startedBillPayments } from '../started-payment'
import { onlinePaymentMethods } from '../online-methods'
import type { ProfileReceiptContact } from '../receipt-contact'
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
  /** The signed-in diner's card with points to spend here; null: none to offer. */
  points?: SpendablePoints | null
  /** The server refused the points: read the card again. */
  onPointsRefused?: () => void
  /** The signed-in diner's receipt contact on their profile; null: anonymous (decision 0142). */
  profile?: ProfileReceiptContact | null
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
  points = null,
  onPointsRefused,
  profile = null,
}: BillOnlinePaymentProps) {
  const { sessionId } = bill
  const [paymentId, setPaymentId] = useState(
    () => returnedPaymentId ?? startedBillPayments.get(sessionId),
  )
  useEffect(() => {
    if (returnedPaymentId) startedBillPayments.remember(sessionId, returnedPaymentId)
  }, [returnedPaymentId, sessionId])
  // The table's channel carries no payment ids (decision 0015): the bill changing is the cue
  // to read this phone's own payment again.
  const payment = useLivePayment(paymentId ?? '', undefined)
  const api = useApiClient()
  const queryClient = useQueryClient()
  const refreshPayment = () => {
    if (!paymentId) return
    const { queryKey } = paymentQueryOptions(api, paymentId)
    void queryClient.invalidateQueries({ queryKey, exact: true })
  }
  useChannelEvent(tableChannel(sessionId), billUpdated, refreshPayment)
  // The payment's outcome may have moved the bill before the channel was listened to.
  useResubscribed(tableChannel(sessionId), refreshPayment)
  const methods = onlinePaymentMethods(restaurant.settings)
  const waiting = paymentId !== undefined && (payment.data?.status ?? 'pending') === 'pending'
  const canPay = methods.length > 0 && bill.totals.free > 0 && bill.sessionStatus === 'open'

  const dismiss = () => {
    startedBillPayments.forget(sessionId)
    setPaymentId(undefined)
    onForget()
  }
  // A payment that did not go through is news until the bill moves on: once someone pays
  // (from another phone, or the waiter takes cash) or nothing is left to pay, it is history,
  // not a banner above a paid bill (issue 14).
  const status = payment.data?.status
  const ended = status === 'failed' || status === 'cancelled' || status === 'refunded'
  const paidWhenEnded = useRef<number | undefined>(undefined)
  const moveOn = useEffectEvent(dismiss)
  const { paid, due } = bill.totals
  useEffect(() => {
    if (!ended) {
      paidWhenEnded.current = undefined
      return
    }
    paidWhenEnded.current ??= paid
    if (due === 0 || paid > paidWhenEnded.current) moveOn()
  }, [ended, paid, due])
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
          points={points}
          profile={profile}
          {...(onPointsRefused ? { onPointsRefused } : {})}
        />
      ) : null}
    </>
  )
}
