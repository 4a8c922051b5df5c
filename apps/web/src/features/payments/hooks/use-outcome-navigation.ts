import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import type { Payment } from '@tableside/contracts/payments'
import { paths } from '../../../config/paths'
import { startedOrderPayments } from '../started-payment'

/**
 * Goes on to Success or Fail once the watched payment is decided. A payment that was already
 * failed when the screen opened is an old attempt: the form shows instead, to try again.
 */
export function useOutcomeNavigation(
  restaurantId: string,
  orderId: string,
  payment: Payment | undefined,
) {
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
