import { useState } from 'react'
import type { OnlinePaymentMethod, Payment } from '@tableside/contracts/payments'
import { startedOrderPayments } from '../started-payment'
import { useLivePayment } from './use-live-payment'
import { useOutcomeNavigation } from './use-outcome-navigation'

/**
 * The order's payment under way, if this tab started one: watched live on the order's
 * `channel` until it is decided, then on to Success or Fail. `chooseAgain` leaves it for the
 * form, remembering its method so that another one is preselected.
 */
export function useWatchedOrderPayment(
  restaurantId: string,
  orderId: string,
  channel: string | undefined,
) {
  const [watchedId, setWatchedId] = useState(() => startedOrderPayments.get(orderId))
  const [leftMethod, setLeftMethod] = useState<OnlinePaymentMethod | undefined>(undefined)
  const live = useLivePayment(watchedId ?? '', watchedId ? channel : undefined)
  useOutcomeNavigation(restaurantId, orderId, live.data)

  return {
    payment: live.data,
    waiting: watchedId !== undefined && (live.isPending || live.data?.status === 'pending'),
    leftMethod,
    chooseAgain: () => {
      setLeftMethod(live.data?.method)
      startedOrderPayments.forget(orderId)
      setWatchedId(undefined)
    },
    started: (payment: Payment) => {
      startedOrderPayments.remember(orderId, payment.id)
      setWatchedId(payment.id)
    },
  }
}
